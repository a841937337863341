// The families' tables agree with their code and their words: every action has code in both
// models and labels in both languages, every table's columns are the DDL's, and no message a
// bundled trace shows is missing from the catalogs (a missing one would render as its key).
#include "core/sim/case_family.hpp"

#include <doctest/doctest.h>

#include <set>

#include "core/backends/sqlite/connection.hpp"
#include "core/sim/message.hpp"
#include "core/sim/scenario_library.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

// Every message a trace holds, with the "@key" arguments that are messages themselves.
void collect(const Message& message, std::set<std::string>& keys) {
  keys.insert(message.key);
  for (const auto& [name, value] : message.args)
    if (value.size() > 1 && value[0] == '@') keys.insert(value.substr(1));
}

std::set<std::string> keys_of(const Trace& trace) {
  std::set<std::string> keys;
  const auto add_state = [&](const CommittedState& state) {
    for (const auto& invariant : state.invariants) {
      collect(invariant.detail, keys);
      keys.insert("invariant." + invariant.name);
    }
    for (const auto& figure : state.figures) keys.insert("figure." + figure.name);
  };
  add_state(*trace.initial);
  for (const auto& step : trace.steps) {
    collect(step.summary, keys);
    for (const auto& message : step.explanation) collect(message, keys);
    for (const auto& wake : step.wakes) {
      keys.insert("outcome." + wake.outcome);
      for (const auto& message : wake.explanation) collect(message, keys);
    }
    keys.insert("outcome." + step.outcome);
    add_state(*step.committed);
  }
  return keys;
}

}  // namespace

TEST_CASE("every action in every family's table has code and a label in both models and languages") {
  std::vector<const ActionEntry*> all;
  for (const CaseFamily* family : case_families())
    for (const auto& action : family->actions) all.push_back(&action);
  for (const auto& action : lifecycle_actions()) all.push_back(&action);
  CHECK(all.size() >= 30);
  for (const ActionEntry* action : all) {
    INFO(action->name);
    for (Model model : {Model::naive, Model::atomic}) {
      CHECK(static_cast<bool>(action->code(model)));
      CHECK_FALSE(action->label(model).en.empty());
      CHECK_FALSE(action->label(model).zh.empty());
    }
  }
}

TEST_CASE("no two actions share a name, within a family or with the lifecycle actions") {
  for (const CaseFamily* family : case_families()) {
    std::set<std::string> names;
    for (const auto& action : lifecycle_actions()) names.insert(action.name);
    for (const auto& action : family->actions) {
      INFO(family->name << ": " << action.name);
      CHECK(names.insert(action.name).second);
    }
  }
}

TEST_CASE("every family's tables are the columns its DDL creates, in both models") {
  for (const CaseFamily* family : case_families()) {
    for (Model model : {Model::naive, Model::atomic}) {
      Connection db(
          "file:/case-family-test-" + family->name + "-" + std::string(model_name(model)) + "?vfs=memdb",
          "test");
      for (const auto& ddl : family->ddl(model)) REQUIRE(db.run(ddl).ok());
      for (const auto& table : family->tables) {
        INFO(family->name << "." << table.name);
        const auto columns = db.run("SELECT name FROM pragma_table_info(?) ORDER BY cid", {table.name});
        REQUIRE(columns.ok());
        std::vector<std::string> names;
        for (const auto& row : columns.rows) names.push_back(to_display(row[0]));
        CHECK(names == table.columns);
      }
    }
  }
}

TEST_CASE("every figure and invariant a family offers has a label in both languages") {
  for (const CaseFamily* family : case_families()) {
    for (const auto& figure : family->figures) CHECK_MESSAGE(has_message("figure." + figure), figure);
    for (const auto& invariant : family->invariants)
      CHECK_MESSAGE(has_message("invariant." + invariant), invariant);
  }
}

TEST_CASE("no message in any bundled trace renders as its own key, in either language") {
  std::set<std::string> keys;
  for (const auto& file : bundled_scenario_files()) {
    const Scenario scenario = load_scenario_file(file);
    for (const auto& preset : scenario.presets)
      for (Model model : {Model::naive, Model::atomic})
        keys.merge(keys_of(run_preset(scenario, model, preset.name)));
  }
  CHECK(keys.size() > 100);
  for (const auto& key : keys) {
    INFO(key);
    CHECK(has_message(key));
    for (Lang lang : {Lang::en, Lang::zh}) CHECK(render(Message{key}, lang) != key);
  }
}
