#pragma once
// When to stop drawing. After any change (a step, a toggle, a resize, the language, zoom, theme, a
// reload) ImGui's tables and the adaptive slide layout settle over several frames. The window first
// lays out in unseen passes (ImGui frames drawn but neither shown nor fed new input) until two passes
// agree, so a projector never shows a frame in between; then it keeps showing frames until one is the
// same as the frame before (or a limit is reached), and sleeps. The exporter captures only a settled
// frame for the same reason.
#include <cstdint>
#include <functional>

struct ImDrawData;

namespace reslab {

// A digest of everything a frame draws: vertices, indices, clip rectangles, textures.
std::uint64_t draw_data_digest(const ImDrawData& data);
// A frame's digest: what it drew and the decisions it took for the next frame (the slide layout). A
// frame that drew the same as the one before but decided otherwise has not settled.
std::uint64_t frame_digest(const ImDrawData& data, std::uint64_t decisions);

// Unseen passes after a change, at most: the slide layout gives way a notch per pass, each notch
// measured on a pass of its own, and ImGui's tables take a pass or two to size their columns.
constexpr int kMaxLayoutPasses = 24;

// Runs `pass` (one ImGui frame drawn and not shown; it returns the frame's digest, see draw_data_digest)
// until two passes in a row agree or kMaxLayoutPasses have run. Returns the passes run.
int lay_out(const std::function<std::uint64_t()>& pass);

class FrameSettler {
 public:
  static constexpr int kMaxFrames = 10;  // a layout that still moves after this many frames is left as it is

  // Something changed: draw again, and keep drawing until the frames agree.
  void changed() {
    m_frames_left = kMaxFrames;
    m_has_last = false;
  }
  bool wants_frame() const { return m_frames_left > 0; }
  // After each frame drawn: its draw data and decisions (see frame_digest). Returns whether another
  // frame is wanted.
  bool drawn(const ImDrawData& data, std::uint64_t decisions = 0);
  bool settled() const { return m_frames_left == 0 && m_settled; }

 private:
  int m_frames_left = kMaxFrames;
  bool m_has_last = false;
  bool m_settled = false;
  std::uint64_t m_last = 0;
};

}  // namespace reslab
