#include "core/sim/backend.hpp"

namespace reslab {

std::string_view backend_name(Backend backend) {
  return backend == Backend::postgres ? "postgres" : "sqlite";
}

bool parse_backend(std::string_view text, Backend& out) {
  if (text == "sqlite") {
    out = Backend::sqlite;
    return true;
  }
  if (text == "postgres") {
    out = Backend::postgres;
    return true;
  }
  return false;
}

}  // namespace reslab
