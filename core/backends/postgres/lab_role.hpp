#pragma once
// The role an SQL lab runs as on PostgreSQL, and the schema it owns: made for one lab (no superuser, no
// file or program access, no CREATE on the database; SET of deadlock_timeout and log_lock_waits granted
// where the server lets reslab grant them, as isolationtester's specs set them), with the schema as its
// search path, and dropped with everything in it when the lab goes. On a --pg DSN whose role cannot
// create roles, SQL scenarios are refused.
#include <memory>
#include <string>

#include "core/backends/postgres/connection.hpp"
#include "core/backends/postgres/server.hpp"

namespace reslab::pg {

class LabRole {
 public:
  // `lock_settings`: on a server that is not reslab's, give the role deadlock_timeout = 20ms and
  // log_lock_waits (the stepper's settle) where the admin may. Throws BackendUnavailableError.
  LabRole(const ServerInfo& server, bool lock_settings);
  ~LabRole();
  LabRole(const LabRole&) = delete;
  LabRole& operator=(const LabRole&) = delete;

  // A connection string that logs in as the role.
  const std::string& conninfo() const { return m_conninfo; }
  // Whether its sessions' lock waits are reported after the deadlock check (see PostgresSession).
  bool deterministic() const { return m_deterministic; }
  PgConnection& admin() { return *m_admin; }
  // ALTER ROLE ... SET `setting` = `value` for the connections made after it; false where the admin may
  // not (a superuser-only setting on a --pg DSN of a plain role).
  bool set_for_role(const std::string& setting, const std::string& value);

 private:
  void make(const ServerInfo& server, bool lock_settings);
  void drop();
  void must_admin(const std::string& sql);

  std::unique_ptr<PgConnection> m_admin;
  std::string m_role;  // the schema has the same name
  bool m_role_made = false;
  bool m_schema_made = false;
  bool m_deterministic = false;
  std::string m_conninfo;
};

std::string pg_identifier(const std::string& name);

}  // namespace reslab::pg
