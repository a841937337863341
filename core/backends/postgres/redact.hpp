#pragma once
// Passwords out of what reslab prints: connection strings, URIs and libpq's messages that quote them.
#include <string>

namespace reslab::pg {

// `text` with any password in a connection string or URI replaced by "***".
std::string redact(std::string text);

}  // namespace reslab::pg
