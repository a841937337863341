// Notes agree with their steps: every note of a bundled case declares the facts it states (`facts`),
// each holds in every preset under both models, and each contradiction the notes once had is caught
// again if it comes back. Also what a text quotes beyond a note: its times, the retention question,
// the nights figure's numbers.
#include "core/sim/note_facts.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "core/formats/labels.hpp"
#include "core/sim/preset_check.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/timed_text.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

std::string bundled_text(const std::string& file) {
  std::ifstream in(std::string(RESLAB_SCENARIO_DIR) + "/" + file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// `text` with `from` replaced by `to`, which must occur exactly once.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE_MESSAGE(at != std::string::npos, "not in the file: " << from);
  REQUIRE_MESSAGE(text.find(from, at + 1) == std::string::npos, "more than once in the file: " << from);
  return text.replace(at, from.size(), to);
}

// The note of `event` (the line after its `note = `) and its facts replaced by `note_and_facts`.
std::string with_note(const std::string& text, const std::string& event, const std::string& note_and_facts) {
  const auto id = text.find("id = \"" + event + "\"\n");
  REQUIRE(id != std::string::npos);
  const auto note = text.find("\nnote = ", id);
  const auto facts_end = text.find('\n', text.find("\nfacts = ", note) + 1);
  // Facts may run over several lines: up to the blank line that ends the event.
  const auto end = text.find("\n\n", facts_end - 1);
  return text.substr(0, note + 1) + note_and_facts + text.substr(end);
}

// Every problem `reslab check` reports for a file's text.
std::string check_text(const std::string& text, const std::string& file) {
  std::string all;
  for (const auto& problem : check_presets(parse_scenario(text, file))) all += problem.text() + "\n";
  return all;
}

const std::string kScenario = R"(id = "t"
schema = "hotel"
title = { en = "T", zh = "T" }
[params]
room_night = "N1"
[[initial.room_inventory]]
room_night_id = "N1"
night = "2026-12-01"
capacity = 2
available = 2
[[actors]]
id = "A"
name = { en = "A", zh = "A" }
[[actors]]
id = "B"
name = { en = "B", zh = "B" }
[[events]]
id = "A1"
actor = "A"
action = "create_booking"
time = 0
args = { request_key = "booking-A" }
[[events]]
id = "B1"
actor = "B"
action = "create_booking"
time = 0
args = { request_key = "booking-A" }
note = { en = "B sends A's request again.", zh = "B 再次发送 A 的请求。" }
)";

}  // namespace

// [SECTION] the facts of the bundled notes

TEST_CASE(
    "every note of every bundled case declares the facts it states, and every preset keeps them, both models") {
  int notes = 0, facts = 0, runs = 0;
  for (const auto& file : bundled_scenario_files()) {
    const Scenario scenario = load_scenario_file(file);
    for (const auto& event : scenario.events) {
      if (event.note.empty()) continue;
      ++notes;
      facts += static_cast<int>(event.facts.size());
      CHECK_MESSAGE(event.facts_declared, scenario.id
                                              << " " << event.id
                                              << ": a note says what it claims in 'facts' ([] if nothing)");
    }
    for (const auto& preset : scenario.presets) {
      for (Model model : {Model::naive, Model::atomic}) {
        PlanRequest request;
        request.model = model;
        request.preset = preset.name;
        const Plan plan = make_plan(scenario, request);
        const Trace trace = replay_as_far_as_possible(scenario, plan).trace;
        for (const auto& problem : check_note_facts(scenario, plan, trace))
          FAIL_CHECK(scenario.id << " " << preset.name << " " << model_name(model) << " step " << problem.step
                                 << ": " << problem.message);
        ++runs;
      }
    }
  }
  CHECK(notes >= 30);
  CHECK(facts >= 40);
  CHECK(runs > 90);
}

// Each contradiction a fresh reader found, put back as it was, with the fact its words state.
TEST_CASE("the notes' old contradictions are each caught if they come back") {
  SUBCASE("T2 cannot-verify: o1's payment did go through, though pay_1 never reached the provider") {
    const std::string text = with_note(
        bundled_text("t2_seat_handover.toml"), "cb1",
        R"(note = { en = "o1's payment did go through; the provider says so only now.", zh = "o1 的付款其实成功了，支付方现在才通知。" }
facts = [{ table = "provider_ledger", where = { payment_id = "pay_1", kind = "charge", state = "SUCCEEDED" }, exists = true }])");
    const std::string problems = check_text(text, "t2.toml");
    CHECK(problems.find(
              "preset 'cannot-verify' (atomic), step 4: cb1's note says provider_ledger has a row where "
              "payment_id = pay_1, kind = charge, state = SUCCEEDED after it; there are 0") !=
          std::string::npos);
    CHECK(problems.find("preset 'article'") == std::string::npos);
  }
  SUBCASE("H5-2 timeout-before-charge: the provider takes the money, though the request never reached it") {
    const std::string text = with_note(
        bundled_text("h5_2_charge_timeout.toml"), "charge",
        R"(note = { en = "The provider takes the money, but its answer is lost: the call times out.", zh = "支付方扣了款，但回应丢失：调用超时。" }
facts = [{ table = "provider_ledger", where = { payment_id = "pay_1", kind = "charge", state = "SUCCEEDED" }, exists = true }])");
    const std::string problems = check_text(text, "h5_2.toml");
    CHECK(problems.find(
              "preset 'timeout-before-charge' (atomic), step 1: charge's note says provider_ledger has a "
              "row") != std::string::npos);
    CHECK(problems.find("preset 'article'") == std::string::npos);
  }
  SUBCASE("H6 fast-provider: no answer, the call times out, though the provider answers paid") {
    const std::string text = with_note(
        bundled_text("h6_payment_in_transaction.toml"), "A2",
        R"(note = { en = "No answer: the call times out after 30 s, result unknown.", zh = "没有答复：调用在 30 秒后超时，结果未知。" }
facts = [{ outcome = "charge_unknown" }])");
    CHECK(check_text(text, "h6.toml")
              .find("preset 'fast-provider' (naive), step 2: A2's note says the outcome is "
                    "charge_unknown; the outcome is charged") != std::string::npos);
  }
  SUBCASE("H4 two-guests: the same request with the same key, though the preset gives it booking-B") {
    std::string text = bundled_text("h4_duplicate_request.toml");
    text = replaced(text, "order = [\"first\", \"other_guest\"]",
                    "order = [\"first\", \"retry\"]\nargs = { retry = { request_key = \"booking-B\" } }");
    CHECK(check_text(text, "h4.toml")
              .find("preset 'two-guests' (atomic), step 2: retry's note says its "
                    "request_key is the same as first's; it is booking-B, first's is "
                    "booking-A") != std::string::npos);
  }
  SUBCASE("H5-4 second-instance: the worker takes the still PENDING task, though none is PENDING") {
    const std::string text = with_note(
        bundled_text("h5_4_refund_crash.toml"), "rerun",
        R"(note = { en = "After the restart the worker takes the still PENDING task again.", zh = "重启后，worker 再次处理仍为 PENDING 的任务。" }
facts = [{ table = "refund_tasks", where = { state = "PENDING" }, exists = true, when = "before" }])");
    const std::string problems = check_text(text, "h5_4.toml");
    CHECK(problems.find(
              "preset 'second-instance' (atomic), step 5: rerun's note says refund_tasks has a row where "
              "state = PENDING before the step; there are 0") != std::string::npos);
    CHECK(problems.find("preset 'article'") == std::string::npos);
  }
}

// [SECTION] the mechanism

TEST_CASE("a fact its step contradicts is reported at the fact, with the preset, the model and the step") {
  const std::string text = kScenario + R"(facts = [{ arg = "request_key", differs_from = "A1" }]
[[presets]]
name = "p"
order = ["A1", "B1"]
naive_harm = false
)";
  std::vector<PresetProblem> problems = check_presets(parse_scenario(text, "t.toml"));
  std::erase_if(problems, [](const PresetProblem& problem) {
    return problem.message.find("note") == std::string::npos;
  });
  REQUIRE(problems.size() == 2);
  CHECK(
      problems[0].text() ==
      "t.toml:30:10: warning: preset 'p' (naive), step 2: B1's note says its request_key differs from A1's; it "
      "is booking-A, A1's is booking-A");
  CHECK(problems[1].text().find("preset 'p' (atomic), step 2") != std::string::npos);
}

TEST_CASE("facts about arguments, outcomes and rows hold where the step shows them") {
  const std::string text =
      kScenario +
      R"(facts = [{ arg = "request_key", same_as = "A1" }, { arg = "room_night", is = ["N1", "N2"] },
         { outcome = ["accepted"] },
         { table = "holds", where = { request_key = "booking-A" }, rows = 1 },
         { table = "holds", exists = true, when = "before" },
         { table = "holds", where = { state = "CONFIRMED" }, exists = false }]
[[presets]]
name = "p"
order = ["A1", "B1"]
naive_harm = false
)";
  const Scenario scenario = parse_scenario(text, "t.toml");
  PlanRequest request;
  request.model = Model::atomic;
  const Plan plan = make_plan(scenario, request);
  CHECK(check_note_facts(scenario, plan, run_plan(scenario, plan)).empty());
  // In naive the same key books twice: two holds, which the rows fact counts.
  request.model = Model::naive;
  const Plan naive = make_plan(scenario, request);
  const auto problems = check_note_facts(scenario, naive, run_plan(scenario, naive));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].message ==
        "B1's note says holds has 1 row where request_key = booking-A after it; there are 2");
}

TEST_CASE("a fact is checked when it is read: a table, a column, an argument, an event and a note it needs") {
  CHECK(error_of(kScenario + "facts = [{ table = \"hold\", exists = true }]\n")
            .find("t.toml:30:20: unknown table 'hold' in the hotel schema") == 0);
  CHECK(error_of(kScenario + "facts = [{ table = \"holds\", where = { colour = 1 }, exists = true }]\n")
            .find("t.toml:30:39: table holds has no column 'colour'") == 0);
  CHECK(error_of(kScenario + "facts = [{ arg = \"event_id\", is = \"e\" }]\n")
            .find("t.toml:30:18: action create_booking has no argument 'event_id'") == 0);
  CHECK(error_of(kScenario + "facts = [{ arg = \"request_key\", same_as = \"Z9\" }]\n") ==
        "t.toml:30:10: unknown event 'Z9' in a fact of B1");
  CHECK(error_of(kScenario + "facts = [{ arg = \"request_key\" }]\n") ==
        "t.toml:30:10: a fact about an argument says one of 'is', 'same_as' or 'differs_from'");
  CHECK(error_of(kScenario + "facts = [{ table = \"holds\" }]\n") ==
        "t.toml:30:10: a fact about rows says either 'rows' (how many) or 'exists' (true or false)");
  CHECK(error_of(kScenario + "facts = [{ table = \"holds\", exists = true, when = \"later\" }]\n")
            .find("'when' must be \"before\" or \"after\"") != std::string::npos);
  CHECK(error_of(kScenario + "facts = [{ colour = 1 }]\n") ==
        "t.toml:30:10: a fact names an 'arg', an 'outcome' or a 'table'");
  const std::string without_note = replaced(
      kScenario, "note = { en = \"B sends A's request again.\", zh = \"B 再次发送 A 的请求。\" }\n", "");
  CHECK(error_of(without_note + "facts = []\n") ==
        "t.toml:29:9: 'facts' says what the event's note states: give a note");
}

// [SECTION] what the other texts quote

namespace {

// The seconds a text quotes as plain numbers ("at 40 s", "第 40 秒", "40 秒"), {at:EVENT} left out.
std::vector<std::int64_t> quoted_seconds(const std::string& text) {
  static const std::regex seconds(R"((\d+) ?(?:s\b|秒))");
  std::vector<std::int64_t> found;
  const std::string plain = std::regex_replace(text, std::regex(R"(\{at:[^}]*\})"), "");
  for (auto it = std::sregex_iterator(plain.begin(), plain.end(), seconds); it != std::sregex_iterator();
       ++it)
    found.push_back(std::stoll((*it)[1].str()));
  return found;
}

// Every number of seconds the case itself holds: event and preset times, integer arguments and initial
// cells, and an event's time plus one of its integer arguments (a hold until 100 s + 10 s).
std::set<std::int64_t> seconds_of(const Scenario& scenario) {
  std::set<std::int64_t> known;
  const auto add_args = [&](const Args& args, std::int64_t time) {
    for (const auto& [name, value] : args)
      if (const auto* number = std::get_if<std::int64_t>(&value)) known.insert({*number, time + *number});
  };
  add_args(scenario.params, 0);
  for (const auto& event : scenario.events) {
    known.insert(event.time);
    add_args(event.args, event.time);
    add_args(scenario.params, event.time);
  }
  for (const auto& preset : scenario.presets) {
    for (const auto& [event, time] : preset.times) known.insert(time);
    for (const auto& [event, args] : preset.args) add_args(args, 0);
  }
  for (const auto& row : scenario.initial)
    for (const auto& [column, value] : row.cells)
      if (const auto* number = std::get_if<std::int64_t>(&value)) known.insert(*number);
  return known;
}

}  // namespace

TEST_CASE("every time a bundled summary, note or question quotes is a time the case holds") {
  for (const auto& file : bundled_scenario_files()) {
    const Scenario scenario = load_scenario_file(file);
    const std::set<std::int64_t> known = seconds_of(scenario);
    std::vector<std::pair<std::string, const LocalizedText*>> texts = {{"summary", &scenario.summary}};
    for (const auto& event : scenario.events) texts.push_back({"note of " + event.id, &event.note});
    for (const auto& question : scenario.questions) texts.push_back({"a question", &question});
    for (const auto& [where, text] : texts)
      for (const std::string* words : {&text->en, &text->zh})
        for (const std::int64_t seconds : quoted_seconds(*words))
          CHECK_MESSAGE(known.count(seconds), scenario.id
                                                  << " " << where << " quotes " << seconds
                                                  << " s, a time nothing in the case holds: " << *words);
  }
}

TEST_CASE("a time nothing in the case holds is found: H5-6's refund 'at 40 s'") {
  const Scenario scenario = parse_scenario(
      replaced(bundled_text("h5_6_retention.toml"), "before the case begins, the refund worker had",
               "at 40 s the refund worker had"),
      "h5_6.toml");
  const auto quoted = quoted_seconds(scenario.summary.en);
  CHECK(std::count(quoted.begin(), quoted.end(), 40) == 1);
  CHECK_FALSE(seconds_of(scenario).count(40));
}

TEST_CASE("the retention question is asked only by the case that shows both windows") {
  int asked = 0;
  for (const auto& file : bundled_scenario_files()) {
    const Scenario scenario = load_scenario_file(file);
    std::set<std::string> actions;
    for (const auto& event : scenario.events) actions.insert(event.action);
    for (const auto& question : scenario.questions) {
      if (question.en.find("idempotency key") == std::string::npos ||
          question.en.find("dedup") == std::string::npos)
        continue;
      ++asked;
      CHECK_MESSAGE((actions.count("prune_callbacks") && actions.count("refund_retry")),
                    scenario.id << " asks what it does not show: " << question.en);
    }
  }
  CHECK(asked == 1);
}

TEST_CASE("the nights figure says which of its three numbers is which, in both languages") {
  const Scenario h3 = bundled("h3_three_nights.toml");
  const std::string en = figure_label(h3, "nights", Lang::en);
  CHECK(en.find(figure_label(h3, "available", Lang::en) + "/" + figure_label(h3, "sold", Lang::en) + "/" +
                figure_label(h3, "capacity", Lang::en)) != std::string::npos);
  CHECK(figure_label(h3, "nights", Lang::zh).find("可售/已售/总容量") != std::string::npos);
  // The numbers come in that order: 2026-12-02 has 1 available, 0 sold, capacity 1.
  const Trace trace = run_preset(h3, Model::atomic, "article");
  CHECK(figure_value_text(*trace.steps.back().committed->figure("nights")).find("2026-12-02 1/0/1") !=
        std::string::npos);
}
