#include "core/desktop_engine.hpp"

#include "core/backends/registry.hpp"
#include "core/cases/families.hpp"

namespace reslab {

void use_desktop_engine() {
  use_case_families(bundled_case_families());
  use_lab_backends(desktop_backends());
}

}  // namespace reslab
