// The UI (app/) calling into the PostgreSQL backend's own code instead of the servers' service: reslab_ui
// alone must not link it.
// undefined: reslab::pg::redact(
#include "core/backends/postgres/redact.hpp"

int main() {
  return reslab::pg::redact("password=secret").empty() ? 1 : 0;
}
