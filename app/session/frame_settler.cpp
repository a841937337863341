#include "app/session/frame_settler.hpp"

#include <imgui.h>

#include "core/sim/hash.hpp"

namespace reslab {

std::uint64_t draw_data_digest(const ImDrawData& data) {
  Fnv1a64 hash;
  hash.number(static_cast<std::uint64_t>(data.CmdListsCount));
  for (int i = 0; i < data.CmdListsCount; ++i) {
    const ImDrawList& list = *data.CmdLists[i];
    hash.bytes({reinterpret_cast<const char*>(list.VtxBuffer.Data),
                static_cast<std::size_t>(list.VtxBuffer.size_in_bytes())});
    hash.bytes({reinterpret_cast<const char*>(list.IdxBuffer.Data),
                static_cast<std::size_t>(list.IdxBuffer.size_in_bytes())});
    for (const ImDrawCmd& command : list.CmdBuffer) {
      hash.number(command.ElemCount);
      hash.number(command.IdxOffset);
      hash.number(reinterpret_cast<std::uintptr_t>(command.TextureId));
      hash.bytes({reinterpret_cast<const char*>(&command.ClipRect), sizeof command.ClipRect});
    }
  }
  return hash.value();
}

std::uint64_t frame_digest(const ImDrawData& data, std::uint64_t decisions) {
  return draw_data_digest(data) ^ (decisions * 0x9E3779B97F4A7C15ull);
}

int lay_out(const std::function<std::uint64_t()>& pass) {
  std::uint64_t last = pass();
  int passes = 1;
  while (passes < kMaxLayoutPasses) {
    const std::uint64_t digest = pass();
    ++passes;
    if (digest == last) break;
    last = digest;
  }
  return passes;
}

bool FrameSettler::drawn(const ImDrawData& data, std::uint64_t decisions) {
  const std::uint64_t digest = frame_digest(data, decisions);
  m_settled = m_has_last && digest == m_last;
  m_last = digest;
  m_has_last = true;
  m_frames_left = m_settled ? 0 : m_frames_left - 1;
  return m_frames_left > 0;
}

}  // namespace reslab
