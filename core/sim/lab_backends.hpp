#pragma once
// The backends a program runs labs on, handed to the engine once at start (use_lab_backends):
// core/backends/ holds the desktop's (SQLite, PostgreSQL, MariaDB) and the browser's (SQLite only).
// The engine opens every lab through them (open_lab_database, open_sql_lab, open_spec_lab; sql_refused_on
// asks whether a file's SQL runs on one) and the app and the command line start servers through them
// (core/sim/servers.hpp), so no layer below the program names a backend.
#include <memory>
#include <string>
#include <vector>

#include "core/sim/backend.hpp"
#include "core/sim/lab_database.hpp"
#include "core/sim/servers.hpp"
#include "core/sim/spec_lab.hpp"
#include "core/sim/sql_lab.hpp"

namespace reslab {

class LabBackends {
 public:
  virtual ~LabBackends() = default;
  // What open_lab_database(), open_sql_lab() and the functions of core/sim/servers.hpp do.
  virtual LabDatabaseHandle open_lab_database(const Scenario& scenario, const CaseFamily& family,
                                              const std::vector<std::string>& session_names, Model model,
                                              Backend backend) const = 0;
  virtual std::unique_ptr<SqlLab> open_sql_lab(const SqlLabOptions& options,
                                               const std::vector<SqlStatement>& setup) const = 0;
  // What sql_refused_on() and open_spec_lab() do.
  virtual LocalizedText sql_refused_on(const SqlScenario& scenario, Backend backend) const = 0;
  virtual std::unique_ptr<SpecLab> open_spec_lab(Backend backend, const SpecLabOptions& options) const = 0;
  virtual bool needs_server(Backend backend) const = 0;
  virtual std::string dsn_flag(Backend backend) const = 0;
  virtual void open_server(Backend backend, const ServerRequest& request) const = 0;
  virtual void start_server_async(Backend backend, const ServerRequest& request) const = 0;
  virtual ServerState server_state(Backend backend, std::string* message) const = 0;
  virtual ServerState wait_for_server(Backend backend, std::string* message) const = 0;
};

// Called once at start, before any lab opens; `backends` outlives every lab (a registry's static does).
void use_lab_backends(const LabBackends& backends);
// The backends handed in; throws std::logic_error when the program handed in none.
const LabBackends& lab_backends();

}  // namespace reslab
