#pragma once
// Helpers shared by the engine tests: load a bundled case, run an order, read figures.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "core/sim/plan.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/simulator.hpp"

namespace reslab::test {

inline Scenario bundled(const std::string& file) {
  return load_scenario_file(std::string(RESLAB_SCENARIO_DIR) + "/" + file);
}
inline Scenario h1() {
  return bundled("h1_last_room.toml");
}
inline Scenario h2() {
  return bundled("h2_hold_expiry.toml");
}

// A preset's plan on a backend (a server backend's tests run on their process's private server).
inline Plan preset_plan(const Scenario& scenario, Model model, const std::string& preset,
                        Backend backend = Backend::sqlite) {
  PlanRequest request;
  request.model = model;
  request.backend = backend;
  request.preset = preset;
  return make_plan(scenario, request);
}

inline Trace run_preset(const Scenario& scenario, Model model, const std::string& preset,
                        Backend backend = Backend::sqlite) {
  return run_plan(scenario, preset_plan(scenario, model, preset, backend));
}

// What the loader says about a scenario's TOML text, read as the file "t.toml": its error, or "no error".
inline std::string error_of(const std::string& text) {
  try {
    parse_scenario(text, "t.toml");
  } catch (const ScenarioError& error) {
    return error.what();
  }
  return "no error";
}

inline Trace run_order(const Scenario& scenario, Model model, const std::vector<std::string>& order) {
  PlanRequest request;
  request.model = model;
  request.order = order;
  return run_plan(scenario, make_plan(scenario, request));
}

// A figure's value as text ("-" for null), so tables in tests read like the articles'.
inline std::string figure(const CommittedState& state, const std::string& name) {
  const Figure* found = state.figure(name);
  if (!found) return "(absent)";
  return is_null(found->value) ? "-" : to_display(found->value);
}

// One cell of a step table: a figure by its name, or the step's own "time", "outcome" or "summary"
// (the summary in English).
inline std::string step_cell(const Step& step, const std::string& column) {
  if (column == "time") return std::to_string(step.time);
  if (column == "outcome") return step.outcome;
  if (column == "summary") return render(step.summary, Lang::en);
  return figure(*step.committed, column);
}

// A trace checked step by step against a table as the articles print one: one row a step, its cells in
// the order `columns` names them (see step_cell); `throughout` are figures every step shows alike.
using StepTable = std::vector<std::vector<std::string>>;
using FigureValues = std::vector<std::pair<std::string, std::string>>;
inline void check_steps(const Trace& trace, const std::vector<std::string>& columns, const StepTable& rows,
                        const FigureValues& throughout = {}) {
  REQUIRE(trace.steps.size() == rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Step& step = trace.steps[i];
    CAPTURE(i);
    REQUIRE(rows[i].size() == columns.size());
    for (const auto& [name, value] : throughout) CHECK(figure(*step.committed, name) == value);
    for (std::size_t column = 0; column < columns.size(); ++column) {
      CAPTURE(columns[column]);
      CHECK(step_cell(step, columns[column]) == rows[i][column]);
    }
  }
}

inline const InvariantResult* invariant(const CommittedState& state, const std::string& name) {
  for (const auto& result : state.invariants)
    if (result.name == name) return &result;
  return nullptr;
}

// A table's rows as displayed ("NULL" for null), so expected tables in tests read like the articles'.
using TableRows = std::vector<std::vector<std::string>>;
inline TableRows rows_of(const CommittedState& state, const std::string& table) {
  const TableData* data = state.table(table);
  REQUIRE(data);
  TableRows rows;
  for (const auto& row : data->rows) {
    std::vector<std::string> cells;
    for (const auto& value : row) cells.push_back(to_display(value));
    rows.push_back(std::move(cells));
  }
  return rows;
}

// Determinism of one preset: two runs of each model hash alike, and the two models hash apart.
inline void check_reruns_hash_alike(const Scenario& scenario, const std::string& preset) {
  CHECK(run_preset(scenario, Model::atomic, preset).hash == run_preset(scenario, Model::atomic, preset).hash);
  CHECK(run_preset(scenario, Model::naive, preset).hash == run_preset(scenario, Model::naive, preset).hash);
  CHECK(run_preset(scenario, Model::naive, preset).hash != run_preset(scenario, Model::atomic, preset).hash);
}

inline std::vector<std::string> outcomes(const Trace& trace) {
  std::vector<std::string> result;
  for (const auto& step : trace.steps) result.push_back(step.outcome);
  return result;
}

}  // namespace reslab::test

// [SECTION] lab tests: scratch files (shared by load_lab_test and seat_race_test)
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <system_error>

#include "core/backends/sqlite/connection.hpp"
#include "tests/scratch_dir.hpp"

namespace reslab::test {

// A file's bytes, to prove that a refused file was left as it was.
inline std::string read_bytes(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A database another program made: `statements` run on a new file, which the lab must leave alone.
inline void write_foreign_database(const std::string& file, const std::vector<std::string>& statements) {
  Connection user("file:" + file, "user");
  for (const auto& statement : statements) REQUIRE(user.run(statement).ok());
}

// Runs `body` with TMPDIR pointing at `dir`, so that a lab's temporary file lands where the test can look.
template <typename Body>
auto with_tmpdir(const std::filesystem::path& dir, Body body) {
  const char* old = getenv("TMPDIR");
  const std::optional<std::string> saved = old ? std::optional<std::string>(old) : std::nullopt;
  setenv("TMPDIR", dir.c_str(), 1);
  struct Restore {
    const std::optional<std::string>& saved;
    ~Restore() { saved ? setenv("TMPDIR", saved->c_str(), 1) : unsetenv("TMPDIR"); }
  } restore{saved};
  return body();
}

}  // namespace reslab::test
