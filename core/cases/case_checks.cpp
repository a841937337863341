#include "core/cases/case_checks.hpp"

namespace reslab {

std::vector<Figure> read_figures(Connection& observer, const std::string& schema,
                                 const std::vector<std::string>& names) {
  if (schema == "hotel") return hotel::read_figures(observer, names);
  if (schema == "seat") return seat::read_figures(observer, names);
  return {};
}

std::vector<InvariantResult> check_invariants(Connection& observer, const std::string& schema,
                                              const std::vector<std::string>& names) {
  if (schema == "hotel") return hotel::check_invariants(observer, names);
  if (schema == "seat") return seat::check_invariants(observer, names);
  return {};
}

}  // namespace reslab
