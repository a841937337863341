#pragma once
// Limits that keep a hostile or mistaken scenario file from exhausting the machine.
#include <cstddef>
#include <cstdint>

namespace reslab {

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

}  // namespace reslab
