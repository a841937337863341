#pragma once
// Hermitage's published summary table (ept/hermitage, README.md), the columns reslab's server backends are
// held to: for each database and level, the anomalies it does not prevent. A test with a variant
// (pmp-write, g-single-write, g2-three) falls under its anomaly's column; MySQL/InnoDB's "R/O" (prevented
// in read-only transactions only) counts as prevented for the read test and not for the write one.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "core/sim/backend.hpp"

namespace reslab::test {

inline bool published_anomaly(Backend backend, const std::string& level, const std::string& test) {
  using Column = std::map<std::string, std::vector<std::string>>;
  static const Column postgres = {
      {"read committed",
       {"pmp", "pmp-write", "p4", "g-single", "g-single-write", "g2-item", "g2", "g2-three"}},
      {"repeatable read", {"g2-item", "g2", "g2-three"}},
      {"serializable", {}},
  };
  static const Column innodb = {
      {"read committed",
       {"pmp", "pmp-write", "p4", "g-single", "g-single-write", "g2-item", "g2", "g2-three"}},
      {"repeatable read", {"pmp-write", "p4", "g-single-write", "g2-item", "g2", "g2-three"}},
      {"serializable", {}},
  };
  const auto& tests = (backend == Backend::mariadb ? innodb : postgres).at(level);
  return std::find(tests.begin(), tests.end(), test) != tests.end();
}

}  // namespace reslab::test
