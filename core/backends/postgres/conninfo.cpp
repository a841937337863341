#include "core/backends/postgres/conninfo.hpp"

#include <libpq-fe.h>

#include <memory>

#include "core/backends/postgres/redact.hpp"
#include "core/backends/postgres/server.hpp"

namespace reslab::pg {

namespace {

constexpr const char* kDefaultConnectTimeout = "5";

struct OptionsDeleter {
  void operator()(PQconninfoOption* options) const { PQconninfoFree(options); }
};

}  // namespace

std::string conninfo_value(const std::string& value) {
  std::string quoted = "'";
  for (char c : value) {
    if (c == '\'' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return quoted + "'";
}

std::string normalized_conninfo(const std::string& dsn, const std::string& application_name) {
  char* error = nullptr;
  std::unique_ptr<PQconninfoOption, OptionsDeleter> options(PQconninfoParse(dsn.c_str(), &error));
  if (!options) {
    std::string message = error ? error : "out of memory";
    PQfreemem(error);
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
    throw BackendUnavailable("the PostgreSQL DSN is not valid: " + redact(message));
  }
  std::string conninfo;
  bool has_timeout = false;
  for (const PQconninfoOption* option = options.get(); option->keyword; ++option) {
    std::string keyword = option->keyword;
    if (!option->val || keyword == "application_name") continue;
    if (keyword == "connect_timeout") has_timeout = true;
    conninfo += keyword + "=" + conninfo_value(option->val) + " ";
  }
  if (!has_timeout) conninfo += std::string("connect_timeout=") + kDefaultConnectTimeout + " ";
  return conninfo + "application_name=" + conninfo_value(application_name);
}

}  // namespace reslab::pg
