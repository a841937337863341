#pragma once
// When to stop drawing. After any change (a step, a toggle, a resize, the language, zoom, theme, a
// reload) ImGui's tables and the adaptive layout settle over a few frames; the window keeps drawing
// until a frame's draw data is the same as the frame before (or a limit is reached), then sleeps.
// On a projector the last frame drawn is what the class sees: it must be the settled one. The
// exporter captures only a settled frame for the same reason.
#include <cstdint>

struct ImDrawData;

namespace reslab {

// A digest of everything a frame draws: vertices, indices, clip rectangles, textures.
std::uint64_t draw_data_digest(const ImDrawData& data);

class FrameSettler {
 public:
  static constexpr int kMaxFrames = 10;  // a layout that still moves after this many frames is left as it is

  // Something changed: draw again, and keep drawing until the frames agree.
  void changed() { m_frames_left = kMaxFrames; m_has_last = false; }
  bool wants_frame() const { return m_frames_left > 0; }
  // After each frame drawn: its draw data. Returns whether another frame is wanted.
  bool drawn(const ImDrawData& data);
  bool settled() const { return m_frames_left == 0 && m_settled; }

 private:
  int m_frames_left = kMaxFrames;
  bool m_has_last = false;
  bool m_settled = false;
  std::uint64_t m_last = 0;
};

}  // namespace reslab
