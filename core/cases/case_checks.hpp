#pragma once
// Figures and invariants of a schema, read from the committed state through
// the observer connection (never through an actor's open transaction).
#include <string>
#include <vector>

#include "core/backends/sqlite/connection.hpp"
#include "core/sim/snapshot.hpp"

namespace reslab {

std::vector<Figure> read_figures(Connection& observer, const std::string& schema,
                                 const std::vector<std::string>& names);
std::vector<InvariantResult> check_invariants(Connection& observer, const std::string& schema,
                                              const std::vector<std::string>& names);

namespace hotel {
std::vector<Figure> read_figures(Connection& observer, const std::vector<std::string>& names);
std::vector<InvariantResult> check_invariants(Connection& observer, const std::vector<std::string>& names);
}  // namespace hotel

namespace seat {
std::vector<Figure> read_figures(Connection& observer, const std::vector<std::string>& names);
std::vector<InvariantResult> check_invariants(Connection& observer, const std::vector<std::string>& names);
}  // namespace seat

}  // namespace reslab
