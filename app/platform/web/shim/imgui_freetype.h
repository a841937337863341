// FreeType is not in the page: ImGui's own rasteriser (stb_truetype) builds the atlas, which is what a
// null builder selects.
#pragma once
#include <imgui.h>

enum ImGuiFreeTypeBuilderFlags_ { ImGuiFreeTypeBuilderFlags_LightHinting = 0 };

namespace ImGuiFreeType {
inline const ImFontBuilderIO* GetBuilderForFreeType() {
  return nullptr;
}
}  // namespace ImGuiFreeType
