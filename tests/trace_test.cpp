#include <doctest/doctest.h>

#include "core/formats/trace_json.hpp"
#include "core/formats/trace_markdown.hpp"
#include "core/sim/timed_text.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

TEST_CASE("the same inputs give the same trace hash") {
  const Scenario scenario = h2();
  for (Model model : {Model::naive, Model::atomic}) {
    CHECK(run_preset(scenario, model, "refund-done").hash == run_preset(scenario, model, "refund-done").hash);
  }
  CHECK(run_preset(scenario, Model::naive, "article").hash !=
        run_preset(scenario, Model::atomic, "article").hash);
}

TEST_CASE("rewinding is replaying: a replayed prefix continued to the end gives the same trace") {
  const Scenario scenario = h1();
  PlanRequest request;
  request.model = Model::atomic;
  const Plan plan = make_plan(scenario, request);
  const Trace straight = run_plan(scenario, plan);

  Simulator first(scenario, plan);
  for (const auto& id : plan.order) first.run(id);
  Simulator rewound(scenario, plan);  // back to step 2
  for (std::size_t i = 0; i < 2; ++i) rewound.run(plan.order[i]);
  CHECK(rewound.trace().hash == run_order(scenario, Model::atomic, {"A1", "B1"}).hash);
  for (std::size_t i = 2; i < plan.order.size(); ++i) rewound.run(plan.order[i]);
  CHECK(first.trace().hash == straight.hash);
  CHECK(rewound.trace().hash == straight.hash);
}

TEST_CASE("the trace hash is the same in both languages") {
  const Scenario scenario = h2();
  const Trace trace = run_preset(scenario, Model::atomic, "article");
  const auto english = trace_to_json(trace, scenario, Lang::en);
  const auto chinese = trace_to_json(trace, scenario, Lang::zh);
  CHECK(english["trace_hash"] == chinese["trace_hash"]);
  CHECK(english["steps"][0]["explanation"] != chinese["steps"][0]["explanation"]);
}

TEST_CASE("the JSON trace follows the contract") {
  const Scenario scenario = h1();
  const auto json = trace_to_json(run_preset(scenario, Model::atomic, "article"), scenario, Lang::en);
  for (const char* key : {"scenario", "model", "lang", "order", "initial", "steps", "trace_hash"})
    CHECK(json.contains(key));
  CHECK(json["scenario"] == "h1");
  CHECK(json["model"] == "atomic");
  CHECK(json["order"] == nlohmann::json::array({"A1", "B1", "A2", "B2"}));
  for (const char* key : {"figures", "invariants", "tables"}) CHECK(json["initial"].contains(key));
  const auto& step = json["steps"][2];
  for (const char* key : {"index", "time", "actor", "event", "outcome", "explanation", "wakes", "figures",
                          "invariants", "tables", "open_transactions", "sql"})
    CHECK(step.contains(key));
  CHECK(step["index"] == 3);
  CHECK(step["wakes"][0]["actor"] == "B");
  CHECK(step["wakes"][0]["outcome"] == "rejected");
  CHECK(step["tables"]["room_inventory"]["columns"][3] == "available");
  CHECK(step["tables"]["room_inventory"]["rows"][0][3] == 0);
  CHECK(step["tables"]["holds"]["rows"][0][3] == 600);
  CHECK(step["invariants"][0]["name"] == "capacity_balance");
  CHECK(step["invariants"][0]["detail"] == "0 + 1 + 0 = 1");
  const auto& first_sql = json["steps"][0]["sql"][1];
  CHECK(first_sql["connection"] == "A");
  CHECK(first_sql["params"] == nlohmann::json::array({"N1"}));
  CHECK(first_sql["result"] == "SQLITE_DONE");
  CHECK(first_sql["changes"] == 1);
  CHECK(json["steps"][1]["sql"][0]["result"] == "SQLITE_BUSY");
  CHECK(json["steps"][0]["open_transactions"][0]["actor"] == "A");
}

TEST_CASE("a step whose event runs later than scheduled shows both times in the JSON") {
  const Scenario scenario = h2();
  const auto json =
      trace_to_json(run_order(scenario, Model::atomic, {"refund_worker", "payment"}), scenario, Lang::en);
  CHECK(json["steps"][1]["time"] == 14);
  CHECK(json["steps"][1]["scheduled_time"] == 11);
  CHECK_FALSE(json["steps"][0].contains("scheduled_time"));
}

TEST_CASE("the Markdown trace is a table with one row per step and the broken invariant on the last row") {
  const Scenario scenario = h1();
  const std::string markdown =
      trace_to_markdown(run_preset(scenario, Model::naive, "article"), scenario, Lang::en);
  CHECK(markdown.find("| 1 | 0 s | Request A reads 1 | 1 | 1 | 0 | 0 | `read` | ✓ all invariants hold |") !=
        std::string::npos);
  CHECK(
      markdown.find(
          "| 4 | 0 s | Request B writes 0, also accepts | 1 | 0 | 0 | 2 | `accepted` | ✗ available + active "
          "holds + sold = capacity: 0 + 2 + 0 != 1 |") != std::string::npos);
}

TEST_CASE("the Markdown trace explains every step the way the Why panel does, waking included") {
  const Scenario scenario = h1();
  const Trace trace = run_preset(scenario, Model::atomic, "article");
  const std::string markdown = trace_to_markdown(trace, scenario, Lang::en);
  CHECK(markdown.find("### Why, step by step") != std::string::npos);
  for (const Step& step : trace.steps) {
    INFO("step " << step.index);
    CHECK(markdown.find("#### Step " + std::to_string(step.index) + " at 0 s: ") != std::string::npos);
    CHECK(markdown.find(render(step.explanation, Lang::en)) != std::string::npos);
    for (const Wake& wake : step.wakes)
      CHECK(markdown.find(render(wake.explanation, Lang::en)) != std::string::npos);
  }
  CHECK(markdown.find("*This woke Request B, who finished its event: rejected*") != std::string::npos);
  // The table comes first, then the explanations.
  CHECK(markdown.find("| 4 | 0 s |") < markdown.find("#### Step 1 at 0 s"));
}

TEST_CASE("the Markdown trace carries each event's note and says when an event ran late") {
  const Scenario scenario = h2();
  const Trace trace = run_order(scenario, Model::atomic, {"refund_worker", "payment", "payment_dup"});
  const std::string markdown = trace_to_markdown(trace, scenario, Lang::zh);
  CHECK(markdown.find("> " + scenario.find_event("payment_dup")->note.zh) != std::string::npos);
  CHECK(markdown.find("*原定第 11 秒；轮到它时才执行。*") != std::string::npos);
}

TEST_CASE("the Markdown trace ends with both models' descriptions and the discussion questions") {
  const Scenario scenario = h2();
  for (const Lang lang : {Lang::en, Lang::zh}) {
    const Trace trace = run_preset(scenario, Model::naive, "article");
    const std::string markdown = trace_to_markdown(trace, scenario, lang);
    INFO("lang " << lang_code(lang));
    const std::size_t models = markdown.find(lang == Lang::zh ? "### 两种模型" : "### The two models");
    const std::size_t questions = markdown.find(lang == Lang::zh ? "### 讨论" : "### Discuss");
    REQUIRE(models != std::string::npos);
    REQUIRE(questions != std::string::npos);
    CHECK(models > markdown.find("| 4 |"));
    CHECK(markdown.find(scenario.naive_model.in(lang), models) != std::string::npos);
    CHECK(markdown.find(scenario.atomic_model.in(lang), models) != std::string::npos);
    REQUIRE_FALSE(scenario.questions.empty());
    for (std::size_t i = 0; i < scenario.questions.size(); ++i)
      CHECK(markdown.find(
                std::to_string(i + 1) + ". " + with_times(scenario.questions[i].in(lang), trace.times),
                questions) != std::string::npos);
  }
}

TEST_CASE("text in the Markdown explanations cannot turn into markup") {
  Scenario scenario = h1();
  scenario.questions = {{"Is *this* a <b>tag</b> or `code`?", ""}};
  const std::string markdown =
      trace_to_markdown(run_preset(scenario, Model::naive, "article"), scenario, Lang::en);
  CHECK(markdown.find("1. Is \\*this\\* a \\<b>tag\\</b> or \\`code\\`?") != std::string::npos);
}
