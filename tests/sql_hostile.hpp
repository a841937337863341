#pragma once
// The sandbox tests of every backend's SQL lab share one hostile file: one session whose one step is the
// SQL under test (it starts on line 7, column 32 of "hostile.toml"), one variant on the backend; what the
// lab said when it refused the step; and a check that the next lab on the backend runs as usual.
#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "core/sim/errors.hpp"
#include "core/sim/sql_run.hpp"
#include "core/sim/sql_scenario_loader.hpp"

namespace reslab::test {

inline SqlScenario hostile_step(const std::string& sql, const std::string& backend) {
  return parse_sql_scenario(R"toml(kind = "sql"
id = "hostile"
title = { en = "Hostile", zh = "恶意" }
setup = "CREATE TABLE t (id INTEGER PRIMARY KEY)"
[[sessions]]
id = "A"
steps = [{ name = "a1", sql = ")toml" +
                                sql + R"toml(" }]
[[variants]]
id = "hostile"
backend = ")toml" + backend + R"toml("
level = "as it begins"
begin = "BEGIN"
)toml",
                            "hostile.toml");
}

// The error the lab gave at the step ("hostile.toml:7:32: step a1 (session A): the lab refused ..."), or
// "ran". `budget` caps what never ends; it measures nothing.
inline std::string refusal_of(const std::string& sql, const std::string& backend,
                              std::chrono::milliseconds budget = std::chrono::milliseconds(5000)) {
  const SqlScenario scenario = hostile_step(sql, backend);
  SqlRunOptions options;
  options.budget = budget;
  try {
    run_sql_scenario(scenario, scenario.variants.front(), {"a1"}, options);
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "ran";
}

inline void check_lab_still_usable(const std::string& backend) {
  const SqlScenario scenario = hostile_step("SELECT count(*) FROM t", backend);
  const SqlRunResult run = run_sql_scenario(scenario, scenario.variants.front(), {"a1"});
  CHECK(run.outcome_of("a1") == "done");
}

}  // namespace reslab::test
