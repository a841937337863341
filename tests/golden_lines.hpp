#pragma once
// The golden trace lists (tests/golden/*.txt): one "key: digest" line per trace, under a comment line.
// A test either writes the list afresh (when its update variable names a file) or checks every current
// line against the recorded one.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace reslab::test {

using GoldenLines = std::vector<std::pair<std::string, std::string>>;  // key, digest

// With `update_variable` set to a file: writes `lines` there under `comment` and returns true (the test
// is then done). Otherwise checks them against `recorded_file`, key by key, and returns false.
inline bool write_or_check_golden(const GoldenLines& lines, const char* update_variable,
                                  const std::string& recorded_file, const std::string& comment) {
  if (const char* update = std::getenv(update_variable); update && *update) {
    std::ofstream out(update);
    out << "# " << comment << "\n";
    for (const auto& [key, digest] : lines) out << key << ": " << digest << "\n";
    MESSAGE("wrote " << lines.size() << " lines to " << update);
    return true;
  }
  std::ifstream in(recorded_file);
  REQUIRE(in);
  std::map<std::string, std::string> recorded;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto colon = line.find(": ");
    recorded[line.substr(0, colon)] = line.substr(colon + 2);
  }
  CHECK(recorded.size() == lines.size());
  for (const auto& [key, digest] : lines) {
    INFO(key);
    const auto it = recorded.find(key);
    REQUIRE(it != recorded.end());
    CHECK(it->second == digest);
  }
  return false;
}

}  // namespace reslab::test
