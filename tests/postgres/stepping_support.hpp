#pragma once
// What the stepping tests share: the process's private PostgreSQL server, and running a bundled case on it.
#include <doctest/doctest.h>

#include <string>

#include "core/backends/postgres/server.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/simulator.hpp"
#include "postgres/postgres_test_support.hpp"

namespace reslab::pgtest {

// The process's private server, or nullptr when PostgreSQL is not installed (the test then says so and
// passes, unless RESLAB_REQUIRE_POSTGRES=1).
inline const pg::ServerInfo* stepping_server() {
  return pg::test::private_server_or_skip();
}

inline Scenario bundled(const std::string& file) {
  return load_scenario_file(std::string(RESLAB_SCENARIO_DIR) + "/" + file);
}

inline Plan postgres_plan(const Scenario& scenario, Model model, const std::string& preset) {
  PlanRequest request;
  request.model = model;
  request.backend = Backend::postgres;
  request.preset = preset;
  return make_plan(scenario, request);
}

inline Trace run_on_postgres(const Scenario& scenario, Model model, const std::string& preset) {
  return run_plan(scenario, postgres_plan(scenario, model, preset));
}

}  // namespace reslab::pgtest
