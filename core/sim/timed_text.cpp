#include "core/sim/timed_text.hpp"

namespace reslab {
namespace {

constexpr std::string_view kOpen = "{at:";

// Calls `found(begin, end, event)` for each {at:EVENT} in `text`: [begin, end) is the whole placeholder.
template <typename Found>
void each_placeholder(std::string_view text, Found&& found) {
  for (std::size_t begin = text.find(kOpen); begin != std::string_view::npos;
       begin = text.find(kOpen, begin)) {
    const std::size_t close = text.find('}', begin + kOpen.size());
    if (close == std::string_view::npos) return;
    found(begin, close + 1, text.substr(begin + kOpen.size(), close - begin - kOpen.size()));
    begin = close + 1;
  }
}

}  // namespace

std::string with_times(std::string_view text, const EventTimes& times) {
  std::string out;
  std::size_t copied = 0;
  each_placeholder(text, [&](std::size_t begin, std::size_t end, std::string_view event) {
    const auto it = times.find(std::string(event));
    if (it == times.end()) return;
    out.append(text.substr(copied, begin - copied));
    out += std::to_string(it->second);
    copied = end;
  });
  out.append(text.substr(copied));
  return out;
}

EventTimes first_preset_times(const Scenario& scenario) {
  EventTimes times;
  for (const auto& event : scenario.events) times[event.id] = event.time;
  if (!scenario.presets.empty())
    for (const auto& [id, time] : scenario.presets.front().times) times[id] = time;
  return times;
}

std::vector<std::string> quoted_event_times(std::string_view text) {
  std::vector<std::string> events;
  each_placeholder(text,
                   [&](std::size_t, std::size_t, std::string_view event) { events.emplace_back(event); });
  return events;
}

}  // namespace reslab
