// What a PostgreSQL run says: no explanation of any bundled case, model or preset speaks of what only
// SQLite does (its result codes, its database-wide write lock, readers holding up a commit). A text is
// SQLite's when its key says so (".sqlite."), when the catalog has PostgreSQL's wording of it (the same
// key + ".rows"), or when it is one of the engine's SQLite moments; and no text may name a SQLite result
// code.
#include <doctest/doctest.h>

#include <set>

#include "core/sim/message_catalog.hpp"
#include "core/sim/scenario_library.hpp"
#include "tests/postgres/postgres_test_support.hpp"
#include "tests/test_support.hpp"

using namespace reslab;

namespace {

// The engine's waits and deadlocks as SQLite has them; PostgreSQL's are engine.waiting.row and
// engine.deadlocked.victim.
const std::set<std::string> kEngineSqlite = {"engine.waiting", "engine.waiting.readers", "engine.deadlocked",
                                             "engine.memdb_readers"};

std::set<std::string> catalog_keys() {
  std::set<std::string> keys;
  for (const auto& table : message_tables())
    for (const auto& entry : table) keys.insert(entry.key);
  return keys;
}

bool sqlite_only(const std::string& key, const std::set<std::string>& keys) {
  return key.find(".sqlite.") != std::string::npos || keys.count(key + ".rows") || kEngineSqlite.count(key);
}

// Every SQLite text said in `trace`, as "step N: key" or "step N: names SQLITE_...".
std::vector<std::string> sqlite_texts(const Trace& trace, const std::set<std::string>& keys) {
  std::vector<std::string> found;
  const auto look = [&](int step, const std::vector<Message>& messages) {
    for (const auto& message : messages) {
      if (sqlite_only(message.key, keys))
        found.push_back("step " + std::to_string(step) + ": " + message.key);
      if (render(message, Lang::en).find("SQLITE_") != std::string::npos)
        found.push_back("step " + std::to_string(step) + ": " + message.key + " names a SQLite result code");
    }
  };
  for (const auto& step : trace.steps) {
    look(step.index, step.explanation);
    for (const auto& wake : step.wakes) look(step.index, wake.explanation);
  }
  return found;
}

template <class Run>
int each_run(Run run) {
  int runs = 0;
  for (const auto& file : bundled_scenario_files()) {
    const Scenario scenario = load_scenario_file(file);
    for (const auto& preset : scenario.presets)
      for (Model model : {Model::naive, Model::atomic}) {
        run(scenario, preset.name, model);
        ++runs;
      }
  }
  return runs;
}

}  // namespace

TEST_CASE("on PostgreSQL no explanation of any case says what only SQLite does") {
  if (!pg::test::private_server_or_skip()) return;
  const std::set<std::string> keys = catalog_keys();
  const int runs = each_run([&](const Scenario& scenario, const std::string& preset, Model model) {
    INFO(scenario.id << " " << preset << " " << model_name(model));
    const Trace trace = test::run_preset(scenario, model, preset, Backend::postgres);
    const auto found = sqlite_texts(trace, keys);
    CHECK_MESSAGE(found.empty(), (found.empty() ? std::string() : found.front()));
  });
  CHECK(runs > 50);
}

TEST_CASE("the same runs on SQLite do say what SQLite does, so the check above can fail") {
  const std::set<std::string> keys = catalog_keys();
  int runs_with_sqlite_texts = 0;
  each_run([&](const Scenario& scenario, const std::string& preset, Model model) {
    PlanRequest request;
    request.model = model;
    request.preset = preset;
    runs_with_sqlite_texts += !sqlite_texts(run_plan(scenario, make_plan(scenario, request)), keys).empty();
  });
  CHECK(runs_with_sqlite_texts > 10);
}
