#pragma once
// What the MariaDB tests share: the process's private server (or a skip when mariadb-server is not
// installed and RESLAB_REQUIRE_MARIADB is not 1), and running a bundled case on it.
#include <doctest/doctest.h>

#include <string>

#include "core/backends/mariadb/server.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/simulator.hpp"

namespace reslab::mariatest {

// The private server, one per test process; nullptr after a MESSAGE when mariadbd is missing (a FAIL
// under RESLAB_REQUIRE_MARIADB=1).
const maria::ServerInfo* server_or_skip();

inline Scenario bundled(const std::string& file) {
  return load_scenario_file(std::string(RESLAB_SCENARIO_DIR) + "/" + file);
}

inline Plan mariadb_plan(const Scenario& scenario, Model model, const std::string& preset) {
  PlanRequest request;
  request.model = model;
  request.backend = Backend::mariadb;
  request.preset = preset;
  return make_plan(scenario, request);
}

inline Trace run_on_mariadb(const Scenario& scenario, Model model, const std::string& preset) {
  return run_plan(scenario, mariadb_plan(scenario, model, preset));
}

}  // namespace reslab::mariatest
