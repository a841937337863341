// Every case family reslab ships. A new family is one folder under core/cases/ and one line here.
#include "core/cases/families.hpp"

#include "core/cases/hotel/family.hpp"
#include "core/cases/seat/family.hpp"

namespace reslab {

const std::vector<const CaseFamily*>& bundled_case_families() {
  static const std::vector<const CaseFamily*> all = {&hotel::family(), &seat::family()};
  return all;
}

}  // namespace reslab
