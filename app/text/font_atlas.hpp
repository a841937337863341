#pragma once
// The fonts: Noto Sans CJK SC (found through fontconfig) for text, its mono
// sibling for SQL, each at the zoomed size. Only the glyphs the UI can show are
// rasterised: Latin plus every character of the string tables, the engine's
// message catalogs and the scenario's texts. Rebuilt on zoom, so text stays crisp.
#include <imgui.h>

#include <string>
#include <vector>

#include "app/platform/font_lookup.hpp"

namespace reslab {

struct UiFonts {
  ImFont* body = nullptr;
  ImFont* heading = nullptr;
  ImFont* badge = nullptr;  // the invariant badge's big numbers
  ImFont* mono = nullptr;
  bool has_cjk = false;
  std::string warning;  // shown in the UI when the CJK font is missing
  float pixel_size = 0;
  std::vector<unsigned>
      glyphs;  // the characters the atlas holds, one bit each (as ImGui's ranges builder keeps them)
};

// Whether the atlas holds every character of `texts` (a scenario opened then needs no new atlas).
bool fonts_cover(const UiFonts& fonts, const std::vector<std::string>& texts);

// Base text size in pixels at zoom 1.
constexpr float kBaseFontPixels = 18.0f;
inline float font_pixels(float zoom, float monitor_scale) {
  return kBaseFontPixels * zoom * monitor_scale;
}

// Clears the atlas and adds the fonts, found by `find_font`, at `pixel_size` (already zoomed and scaled).
// Call before ImGui's first frame or between frames, then re-upload the texture.
UiFonts build_fonts(ImFontAtlas& atlas, float pixel_size, const std::vector<std::string>& texts,
                    FontFinder find_font);

}  // namespace reslab
