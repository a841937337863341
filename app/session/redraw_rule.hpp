#pragma once
// When the window draws and when it sleeps: a few frames after any input (a press and its release can
// arrive in one wake-up, and ImGui needs a frame for each to register a click), and after any change
// frames until the layout has settled (FrameSettler: at most FrameSettler::kMaxFrames shown frames,
// each after unseen layout passes). The window's loop (app/platform/desktop/gui_main.cpp) follows this rule,
// and the tests drive the lab window through the same rule.
#include <cstdint>

#include "app/session/frame_settler.hpp"

struct ImDrawData;

namespace reslab {

class RedrawRule {
 public:
  static constexpr int kFramesAfterInput = 3;

  // An input event arrived: frames for it to register, and it may have changed anything.
  void input();
  // Something on screen changed (a played step, a reload, the fonts, a command applied).
  void changed() { m_settler.changed(); }
  bool wants_frame() const { return m_input_frames > 0 || m_settler.wants_frame(); }
  // Whether the next frame should settle the layout in unseen passes before it is shown.
  bool lay_out_first() const { return m_settler.wants_frame(); }
  // After a frame was shown: its draw data, the decisions it took for the next one (see frame_digest),
  // and whether it produced commands (they change what is shown, as input does).
  void drawn(const ImDrawData& data, std::uint64_t decisions, bool had_commands);
  // The last change ended on a frame equal to the one before it (not on the frame limit).
  bool settled() const { return m_settler.settled(); }

 private:
  int m_input_frames = 0;
  FrameSettler m_settler;
};

}  // namespace reslab
