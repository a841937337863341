// Texts that quote an event's time ({at:EVENT}) say it as the run schedules it.
#include "core/sim/timed_text.hpp"

#include <doctest/doctest.h>

#include "core/formats/trace_markdown.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/simulator.hpp"
#include "tests/test_support.hpp"

using namespace reslab;

TEST_CASE("with_times fills each quoted time and leaves other braces alone") {
  const EventTimes times{{"payment", 11}, {"expiry", 10}};
  CHECK(with_times("runs at {at:expiry} s, arrives at {at:payment} s", times) ==
        "runs at 10 s, arrives at 11 s");
  CHECK(with_times("第 {at:payment} 秒", times) == "第 11 秒");
  CHECK(with_times("{at:nosuch} and {room} and {at:", times) == "{at:nosuch} and {room} and {at:");
  CHECK(with_times("no times here", times) == "no times here");
  CHECK(quoted_event_times("{at:a} then {at:b}") == std::vector<std::string>{"a", "b"});
}

TEST_CASE("a text that quotes the time of an event the file does not have is an error at that text") {
  const std::string text = R"(id = "t"
schema = "hotel"
title = { en = "T", zh = "T" }
summary = { en = "At {at:A1} s", zh = "第 {at:A2} 秒" }
[[actors]]
id = "A"
name = { en = "Request A", zh = "请求 A" }
[[events]]
id = "A1"
actor = "A"
action = "expire_holds"
time = 4
note = { en = "at {at:A1} s", zh = "第 {at:A1} 秒" }
)";
  const std::string error = test::error_of(text);
  CHECK(error == "t.toml:4:39: {at:A2} quotes the time of an event this file does not have");
  std::string good = text;
  good.replace(good.find("{at:A2}"), 7, "{at:A1}");
  CHECK_NOTHROW(parse_scenario(good, "t.toml"));
}

TEST_CASE("H2's Markdown trace quotes the callback at the time --at moves it to") {
  const Scenario scenario = load_scenario_file(resolve_scenario("h2"));
  PlanRequest request;
  request.at.push_back({"payment", 15});
  const Trace trace = run_plan(scenario, make_plan(scenario, request));
  CHECK(trace.times.at("payment") == 15);
  const std::string markdown = trace_to_markdown(trace, scenario, Lang::en);
  CHECK(markdown.find("but the callback arrived at 15 s. Refund or not?") != std::string::npos);
  CHECK(markdown.find("{at:") == std::string::npos);
  const std::string chinese = trace_to_markdown(trace, scenario, Lang::zh);
  CHECK(chinese.find("回调第 15 秒才到") != std::string::npos);
}

TEST_CASE("a title or a model description cannot quote an event's time: it says the same in every run") {
  const std::string text = R"(id = "t"
schema = "hotel"
title = { en = "At {at:A1} s", zh = "T" }
[[actors]]
id = "A"
name = { en = "Request A", zh = "请求 A" }
[[events]]
id = "A1"
actor = "A"
action = "expire_holds"
time = 4
)";
  const std::string error = test::error_of(text);
  CHECK(error.find("only the summary, the questions and event notes can quote an event's time") !=
        std::string::npos);
}
