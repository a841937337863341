// InnoDB's own terms at REPEATABLE READ: a transaction's first plain SELECT takes its snapshot, while its
// UPDATE reads the latest committed row. Where H7's and H8's requests read, then write, the step texts
// say so on MariaDB (keyed by the backend's fact, never its name), and every such sentence agrees with its
// step: H7-like variants (capacity 1-3, 2-3 requests) in random lane-respecting orders, both models, and
// H8's presets. The same orders on SQLite never say them.
#include <doctest/doctest.h>

#include <random>
#include <set>

#include "tests/claims/hotel_cases.hpp"
#include "tests/mariadb/mariadb_test_support.hpp"

using namespace reslab;
using namespace reslab::claims;
using namespace reslab::claims::hotel_cases;

namespace {

const std::set<std::string> kSnapshotTexts = {"h7.read.snapshot", "h7.write.latest",
                                              "h7.write.rejected.snapshot", "h8.read.snapshot"};

bool in_transaction_after(const StepView& v, const Message& m) {
  const ActorStatus* status = status_of(v.step, arg(m, "actor"));
  return status && status->in_transaction;
}

// What the request's transaction read: its txn_read's value, or a retry's fresh read said before.
bool read_by_transaction(const StepView& v, const Message& m) {
  if (memory_item(v.memory_before, arg(m, "actor"), "lock_order_read") == arg(m, "read")) return true;
  for (const Message* said : messages_of(v.step))
    if (said->key == "h7.atomic.after_retry" && arg(*said, "actor") == arg(m, "actor") &&
        arg(*said, "read") == arg(m, "read"))
      return true;
  return false;
}

// "N1 = 2, N2 = 1" against the committed state the read saw.
std::string reads_agree(const CommittedState& state, const std::string& reads) {
  for (const auto& item : split(reads, ", ")) {
    const auto parts = split(item, " = ");
    if (parts.size() != 2) return "cannot read '" + item + "'";
    const std::string committed = has_night(state, parts[0]) ? available_of(state, parts[0]) : "∅";
    if (committed != parts[1]) return expect(parts[0], parts[1], committed);
  }
  return {};
}

ClaimRules snapshot_rules() {
  ClaimRules rules;
  auto& c = rules.checks;
  c["h7.read.snapshot"] = [](const StepView& v, const Message& m) -> std::string {
    const CommittedState& seen = wake_of(v, m) ? v.after : v.before;
    return all_of({expect("snapshot", arg(m, "available"), available_of(seen, "N1")),
                   in_transaction_after(v, m) ? "" : "no transaction keeps the snapshot"});
  };
  c["h7.write.latest"] = [](const StepView& v, const Message& m) -> std::string {
    const std::int64_t latest = number(arg(m, "latest"));
    return all_of({read_by_transaction(v, m) ? "" : "the transaction never read " + arg(m, "read"),
                   arg(m, "read") != arg(m, "latest") ? "" : "the snapshot and the latest row agree",
                   latest == number(arg(m, "available")) + 1 ? "" : "the UPDATE did not take one",
                   latest <= number(available_of(v.before, "N1")) &&
                           number(arg(m, "available")) >= number(available_of(v.after, "N1"))
                       ? ""
                       : "the latest row is no committed value of this step"});
  };
  c["h7.write.rejected.snapshot"] = [](const StepView& v, const Message& m) -> std::string {
    return all_of({read_by_transaction(v, m) ? "" : "the transaction never read " + arg(m, "read"),
                   number(arg(m, "read")) > 0 ? "" : "the snapshot showed no room either",
                   number(available_of(v.after, "N1")) <= 0 ? "" : "the latest row still has room"});
  };
  c["h8.read.snapshot"] = [](const StepView& v, const Message& m) -> std::string {
    return all_of({reads_agree(v.before, arg(m, "reads")),
                   in_transaction_after(v, m) ? "" : "no transaction keeps the snapshot"});
  };
  return rules;
}

Trace run_on(const Scenario& scenario, Model model, Backend backend, const std::vector<std::string>& order) {
  PlanRequest request;
  request.model = model;
  request.backend = backend;
  request.order = order;
  return replay_as_far_as_possible(scenario, make_plan(scenario, request)).trace;
}

// The problems of the snapshot texts in `trace`; `said` collects the keys said.
std::vector<std::string> snapshot_problems(const Scenario& scenario, const Trace& trace,
                                           const ClaimRules& rules, std::set<std::string>& said) {
  std::vector<std::string> problems;
  g_trace = &trace;
  const CommittedState* before = trace.initial.get();
  const std::vector<ProcessMemory>* memory_before = &trace.initial_memory;
  for (const auto& step : trace.steps) {
    const StepView view{scenario, trace.model, step, *before, *step.committed, *memory_before};
    for (const Message* message : messages_of(step)) {
      if (!kSnapshotTexts.count(message->key)) continue;
      said.insert(message->key);
      if (const std::string problem = rules.checks.at(message->key)(view, *message); !problem.empty())
        problems.push_back("step " + std::to_string(step.index) + " " + message->key + ": " + problem);
    }
    before = step.committed.get();
    memory_before = &step.memory;
  }
  g_trace = nullptr;
  return problems;
}

}  // namespace

TEST_CASE("on InnoDB every snapshot-or-latest-row text of H7 and H8 agrees with its step") {
  if (!mariatest::server_or_skip()) return;
  const ClaimRules rules = snapshot_rules();
  std::mt19937 random(20261225u);
  std::set<std::string> said;
  int traces = 0;
  for (int capacity = 1; capacity <= 3; ++capacity)
    for (int requests = 2; requests <= 3; ++requests)
      for (int round = 0; round < 4; ++round) {
        const Scenario scenario = read_then_write(capacity, requests, random);
        const auto order = random_order(scenario, random);
        for (Model model : {Model::naive, Model::atomic}) {
          INFO(scenario.id << " " << model_name(model) << " round " << round);
          const Trace trace = run_on(scenario, model, Backend::mariadb, order);
          for (const auto& problem : snapshot_problems(scenario, trace, rules, said)) FAIL_CHECK(problem);
          ++traces;
        }
      }
  const Scenario h8 = test::bundled("h8_night_order.toml");
  for (const auto& preset : h8.presets)
    for (Model model : {Model::naive, Model::atomic}) {
      INFO("h8 " << preset.name << " " << model_name(model));
      const Trace trace = test::run_preset(h8, model, preset.name, Backend::mariadb);
      for (const auto& problem : snapshot_problems(h8, trace, rules, said)) FAIL_CHECK(problem);
      ++traces;
    }
  CHECK(traces == 3 * 2 * 4 * 2 + static_cast<int>(h8.presets.size()) * 2);
  for (const auto& key : kSnapshotTexts) CHECK_MESSAGE(said.count(key), key << " never appeared");
}

TEST_CASE("the same orders on SQLite never speak of a snapshot a plain read keeps") {
  std::mt19937 random(20261225u);
  std::set<std::string> said;
  const ClaimRules rules = snapshot_rules();
  for (int capacity = 1; capacity <= 3; ++capacity)
    for (int requests = 2; requests <= 3; ++requests) {
      const Scenario scenario = read_then_write(capacity, requests, random);
      const auto order = random_order(scenario, random);
      for (Model model : {Model::naive, Model::atomic})
        snapshot_problems(scenario, run_on(scenario, model, Backend::sqlite, order), rules, said);
    }
  CHECK(said.empty());
}
