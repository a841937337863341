#include "core/backends/postgres/server_probe.hpp"

#include <libpq-fe.h>

#include <memory>
#include <vector>

#include "core/backends/postgres/connection.hpp"
#include "core/backends/postgres/redact.hpp"
#include "core/backends/postgres/server.hpp"

namespace reslab::pg {

namespace {

struct ConnectionDeleter {
  void operator()(PGconn* connection) const { PQfinish(connection); }
};
using ConnectionPtr = std::unique_ptr<PGconn, ConnectionDeleter>;
using ResultPtr = ResultHandle;

ConnectionPtr connect(const std::string& conninfo, const std::string& shown_dsn) {
  ConnectionPtr connection(PQconnectdb(conninfo.c_str()));
  if (!connection || PQstatus(connection.get()) != CONNECTION_OK) {
    std::string reason = connection ? trimmed_message(PQerrorMessage(connection.get())) : "out of memory";
    throw BackendUnavailable("cannot connect to PostgreSQL at " + shown_dsn + ": " + redact(reason));
  }
  return connection;
}

bool command_ok(PGconn* connection, const char* sql) {
  ResultPtr result(PQexec(connection, sql));
  return result && PQresultStatus(result.get()) == PGRES_COMMAND_OK;
}

std::string version_text(int version) {
  // 150018 -> "15.18"; before 10, 90624 -> "9.6.24".
  if (version >= 100000) return std::to_string(version / 10000) + "." + std::to_string(version % 10000);
  return std::to_string(version / 10000) + "." + std::to_string(version / 100 % 100) + "." +
         std::to_string(version % 100);
}

}  // namespace

ServerFacts probe_server(const std::string& conninfo, const std::string& shown_dsn) {
  ConnectionPtr connection = connect(conninfo, shown_dsn);
  PGconn* raw = connection.get();
  ServerFacts facts;
  facts.server_version = version_text(PQserverVersion(raw));
  const char* host = PQhost(raw);
  facts.where = std::string(PQuser(raw)) + "@" + (host ? host : "") + ":" + PQport(raw) + "/" + PQdb(raw);
  // Superuser-only settings (or granted with GRANT SET ON PARAMETER): try them, then roll back.
  facts.deterministic = command_ok(raw, "BEGIN") && command_ok(raw, "SET deadlock_timeout = '20ms'") &&
                        command_ok(raw, "SET log_lock_waits = on");
  command_ok(raw, "ROLLBACK");
  return facts;
}

void drop_schemas(const std::string& conninfo, const std::string& prefix) {
  ConnectionPtr connection = connect(conninfo, "the server reslab used");
  PGconn* raw = connection.get();
  PQsetNoticeProcessor(
      raw, [](void*, const char*) {}, nullptr);  // "drop cascades to ..." says nothing new
  // A lab session left in a transaction would make DROP SCHEMA wait for its locks.
  command_ok(raw, "SET lock_timeout = '5s'");
  const char* parameters[] = {prefix.c_str()};
  ResultPtr ended(PQexecParams(raw,
                               "SELECT pg_terminate_backend(pid, 3000) FROM pg_stat_activity "
                               "WHERE application_name = $1 AND pid <> pg_backend_pid()",
                               1, nullptr, parameters, nullptr, nullptr, 0));
  ResultPtr schemas(PQexecParams(raw,
                                 "SELECT nspname FROM pg_namespace WHERE left(nspname, length($1)) = $1 "
                                 "ORDER BY nspname",
                                 1, nullptr, parameters, nullptr, nullptr, 0));
  if (!schemas || PQresultStatus(schemas.get()) != PGRES_TUPLES_OK) {
    throw BackendUnavailable("cannot list the schemas " + prefix +
                             "*: " + redact(trimmed_message(PQerrorMessage(raw))));
  }
  std::vector<std::string> failed;
  for (int row = 0; row < PQntuples(schemas.get()); ++row) {
    std::string name = PQgetvalue(schemas.get(), row, 0);
    std::unique_ptr<char, decltype(&PQfreemem)> quoted(PQescapeIdentifier(raw, name.c_str(), name.size()),
                                                       &PQfreemem);
    if (!quoted || !command_ok(raw, ("DROP SCHEMA " + std::string(quoted.get()) + " CASCADE").c_str())) {
      failed.push_back(name + " (" + redact(trimmed_message(PQerrorMessage(raw))) + ")");
    }
  }
  if (!failed.empty()) {
    std::string list;
    for (const std::string& entry : failed) list += (list.empty() ? "" : ", ") + entry;
    throw BackendUnavailable("cannot drop schema " + list);
  }
}

}  // namespace reslab::pg
