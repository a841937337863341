#include "core/cases/hotel/night_state.hpp"

#include <set>

namespace reslab::hotel {

NightState night_state(const CommittedState& state, const std::string& room_night_id) {
  NightState night;
  if (const TableData* inventory = state.table("room_inventory"))
    for (const auto& row : inventory->rows) {
      if (row.size() < 5 || to_display(row[0]) != room_night_id) continue;
      night = {true, as_int(row[2]), as_int(row[3]), as_int(row[4]), 0};
    }
  std::set<std::string> on_night;
  if (const TableData* links = state.table("hold_nights"))
    for (const auto& row : links->rows)
      if (row.size() >= 2 && to_display(row[1]) == room_night_id) on_night.insert(to_display(row[0]));
  if (const TableData* holds = state.table("holds"))
    for (const auto& row : holds->rows) {
      if (row.size() < 3 || !on_night.count(to_display(row[0]))) continue;
      const std::string held = to_display(row[2]);
      if (held == "RESERVED" || held == "HELD" || held == "held" || held == "CONFIRMED") ++night.live_holds;
    }
  return night;
}

}  // namespace reslab::hotel
