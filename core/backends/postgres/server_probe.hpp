#pragma once
// What reslab asks a server before and after the labs: does it answer, which version, may a session
// set the deadlock settings, and (on a server that is not ours) dropping what reslab made there.
#include <string>

namespace reslab::pg {

struct ServerFacts {
  std::string server_version;  // "15.18"
  std::string where;           // user@host:port/dbname
  bool deterministic = false;
};

// Connects once (bounded by the conninfo's connect_timeout). Throws BackendUnavailable naming
// `shown_dsn` (already redacted) and libpq's reason, redacted.
ServerFacts probe_server(const std::string& conninfo, const std::string& shown_dsn);

// Ends this process's other sessions (their application_name is the prefix), then drops every
// schema whose name starts with `prefix`, CASCADE. Throws BackendUnavailable.
void drop_schemas(const std::string& conninfo, const std::string& prefix);

}  // namespace reslab::pg
