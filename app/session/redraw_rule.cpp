#include "app/session/redraw_rule.hpp"

namespace reslab {

void RedrawRule::input() {
  m_input_frames = kFramesAfterInput;
  m_settler.changed();
}

void RedrawRule::drawn(const ImDrawData& data, std::uint64_t decisions, bool had_commands) {
  m_settler.drawn(data, decisions);
  if (had_commands) input();
  if (m_input_frames > 0) --m_input_frames;
}

}  // namespace reslab
