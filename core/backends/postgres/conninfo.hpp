#pragma once
// Connection strings: a DSN turned into one key=value conninfo reslab can extend, and names that
// cannot clash with another run's.
#include <string>

#include "core/backends/server_process/random_name.hpp"

namespace reslab::pg {

// A DSN (key=value or postgresql:// URI) as key=value conninfo, with connect_timeout (5 s when the
// DSN sets none, so a wrong host cannot hang a lab) and application_name set to `application_name`.
// Throws BackendUnavailable (redacted) when libpq cannot parse it.
std::string normalized_conninfo(const std::string& dsn, const std::string& application_name);

// `value` in single quotes for a key=value conninfo, with ' and \ escaped by a backslash.
std::string conninfo_value(const std::string& value);

// `length` random characters from [a-z0-9] (shared with the other server backends).
using reslab::random_name_suffix;

}  // namespace reslab::pg
