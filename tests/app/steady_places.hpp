#pragma once
// Where the controls a presenter clicks again and again were drawn in the last frame (the step buttons,
// the actors' buttons, the model toggle, predict and reveal, the zoom buttons), by the ids they keep while
// their labels change, and what moved between two frames.
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "app/panels/widgets.hpp"
#include "app/session/lab_session.hpp"
#include "app/text/ui_text.hpp"

namespace reslab::testing {

using SteadyPlaces = std::map<std::string, std::pair<ImVec2, ImVec2>>;

inline SteadyPlaces steady_places(const LabSession& session, const UiText& text, Lang lang) {
  std::vector<std::string> ids{"step_reset",
                               "step_back",
                               "step_next",
                               "step_play",
                               "A-",
                               "zoom",
                               "A+",
                               text.get(lang, "model.naive"),
                               text.get(lang, "model.atomic"),
                               text.get(lang, "top.predict"),
                               "top_reveal"};
  for (std::size_t i = 0; i < session.scenario().actors.size(); ++i)
    ids.push_back("actor " + std::to_string(i + 1));
  SteadyPlaces places;
  for (const auto& item : frame_items())
    for (const auto& id : ids)
      if (item.id == id) places[id] = {item.min, item.max};
  return places;
}

inline std::string describe(const std::string& id, const std::pair<ImVec2, ImVec2>& rect) {
  std::ostringstream out;
  out << id << " [" << rect.first.x << "," << rect.first.y << " - " << rect.second.x << "," << rect.second.y
      << "]";
  return out.str();
}

// "step_next moved: was ... now ...", one line per control that moved, resized, appeared or went away.
inline std::vector<std::string> moved_controls(const SteadyPlaces& first, const SteadyPlaces& now) {
  std::vector<std::string> moved;
  const auto same = [](ImVec2 a, ImVec2 b) {
    return std::abs(a.x - b.x) < 0.5f && std::abs(a.y - b.y) < 0.5f;
  };
  for (const auto& [id, rect] : first) {
    const auto it = now.find(id);
    if (it == now.end())
      moved.push_back(id + " went away");
    else if (!same(it->second.first, rect.first) || !same(it->second.second, rect.second))
      moved.push_back(id + " moved: was " + describe(id, rect) + ", now " + describe(id, it->second));
  }
  for (const auto& [id, rect] : now)
    if (!first.count(id)) moved.push_back(id + " appeared");
  return moved;
}

}  // namespace reslab::testing
