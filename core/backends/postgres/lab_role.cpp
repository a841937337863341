#include "core/backends/postgres/lab_role.hpp"

#include <libpq-fe.h>

#include <atomic>

#include "core/backends/postgres/conninfo.hpp"
#include "core/sim/errors.hpp"

namespace reslab::pg {
namespace {

std::string pg_literal(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

bool pg_flag(PgConnection& connection, const std::string& sql) {
  const auto result = connection.exec(sql);
  return PQresultStatus(result.get()) == PGRES_TUPLES_OK && PQntuples(result.get()) == 1 &&
         std::string(PQgetvalue(result.get(), 0, 0)) == "t";
}

}  // namespace

std::string pg_identifier(const std::string& name) {
  std::string out = "\"";
  for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

LabRole::LabRole(const ServerInfo& server, bool lock_settings)
    : m_admin(std::make_unique<PgConnection>(server.conninfo)) {
  m_admin->exec("SET client_min_messages = warning");  // no NOTICE of the cascading drop on the terminal
  try {
    make(server, lock_settings);
  } catch (...) {
    drop();  // a lab that cannot be made leaves no role or schema behind
    throw;
  }
}

LabRole::~LabRole() {
  drop();
}

void LabRole::make(const ServerInfo& server, bool lock_settings) {
  static std::atomic<unsigned long> counter{0};
  m_role = server.schema_prefix + "_sql_" + std::to_string(++counter);
  const std::string password = random_name_suffix(24);
  const bool superuser = pg_flag(*m_admin, "SELECT rolsuper FROM pg_roles WHERE rolname = current_user");
  if (!superuser && !pg_flag(*m_admin, "SELECT rolcreaterole FROM pg_roles WHERE rolname = current_user"))
    throw BackendUnavailableError(
        "SQL scenarios run on PostgreSQL as a role of their own, without file or program access; the role "
        "of this server's DSN cannot create roles (it needs CREATEROLE), so they are refused here");
  const std::string role = pg_identifier(m_role);
  must_admin("CREATE ROLE " + role +
             " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT PASSWORD " +
             pg_literal(password));
  m_role_made = true;
  if (!superuser) must_admin("GRANT " + role + " TO CURRENT_USER");
  must_admin("CREATE SCHEMA " + role + " AUTHORIZATION " + role);
  m_schema_made = true;
  must_admin("ALTER ROLE " + role + " SET search_path = " + role);
  // Specs set deadlock_timeout per session; PostgreSQL 15 lets a superuser grant that to a plain role.
  // (Before 15 there is no such grant: the statement fails, and only those SETs do.)
  if (superuser) m_admin->exec("GRANT SET ON PARAMETER deadlock_timeout, log_lock_waits TO " + role);
  // Lock waits are reported after the server's deadlock check (see PostgresSession): set for the role
  // where the server does not already run with them and the admin may set them.
  m_deterministic = server.deterministic && server.ours;
  if (lock_settings && !server.ours && superuser) {
    must_admin("ALTER ROLE " + role + " SET deadlock_timeout = '20ms'");
    must_admin("ALTER ROLE " + role + " SET log_lock_waits = on");
    m_deterministic = true;
  }
  m_conninfo = server.conninfo + " user=" + conninfo_value(m_role) + " password=" + conninfo_value(password);
}

void LabRole::drop() {
  try {
    if (m_schema_made) m_admin->exec("DROP SCHEMA IF EXISTS " + pg_identifier(m_role) + " CASCADE");
    if (m_role_made) {
      m_admin->exec("DROP OWNED BY " + pg_identifier(m_role));
      m_admin->exec("DROP ROLE IF EXISTS " + pg_identifier(m_role));
    }
  } catch (...) {
    // The server went away: its schemas and roles went with it.
  }
  m_schema_made = m_role_made = false;
}

bool LabRole::set_for_role(const std::string& setting, const std::string& value) {
  const auto result = m_admin->exec("ALTER ROLE " + pg_identifier(m_role) + " SET " + pg_identifier(setting) +
                                    " = " + pg_literal(value));
  return PQresultStatus(result.get()) == PGRES_COMMAND_OK;
}

void LabRole::must_admin(const std::string& sql) {
  const auto result = m_admin->exec(sql);
  if (PQresultStatus(result.get()) != PGRES_COMMAND_OK)
    throw BackendUnavailableError("PostgreSQL refused to prepare the SQL scenario's role: " +
                                  trimmed_message(PQresultErrorMessage(result.get())));
}

}  // namespace reslab::pg
