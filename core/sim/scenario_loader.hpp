#pragma once
// Reads scenario files (TOML). Every problem is a ScenarioError with file:line:col.
#include <cstddef>
#include <string>
#include <string_view>

#include "core/sim/scenario.hpp"

namespace reslab {

// Limits that keep a hostile or mistaken file from exhausting the machine.
struct ScenarioLimits {
  static constexpr std::size_t max_file_bytes = 1 << 20;
  static constexpr std::size_t max_actors = 16;
  static constexpr std::size_t max_events = 1000;
  static constexpr std::size_t max_presets = 100;
  static constexpr std::size_t max_initial_rows = 10000;
  static constexpr std::size_t max_questions = 50;
  static constexpr std::size_t max_id_chars = 64;
  static constexpr std::size_t max_text_bytes = 16384;
  static constexpr std::int64_t max_seconds = 1'000'000'000;
};

Scenario load_scenario_file(const std::string& path);
Scenario parse_scenario(std::string_view text, const std::string& source_name);

}  // namespace reslab
