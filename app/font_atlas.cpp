#include "app/font_atlas.hpp"

#include <imgui_freetype.h>

#include "app/font_lookup.hpp"

namespace reslab {
namespace {

ImFont* add_font(ImFontAtlas& atlas, const std::optional<FontFile>& file, float size, const ImWchar* ranges) {
  if (!file) return nullptr;
  ImFontConfig config;
  config.FontNo = file->index;
  config.OversampleH = 1;  // FreeType hints; oversampling only costs atlas space
  config.OversampleV = 1;
  return atlas.AddFontFromFileTTF(file->path.c_str(), size, &config, ranges);
}

}  // namespace

UiFonts build_fonts(ImFontAtlas& atlas, float pixel_size, const std::vector<std::string>& texts) {
  atlas.Clear();
  atlas.FontBuilderIO = ImGuiFreeType::GetBuilderForFreeType();
  atlas.FontBuilderFlags = ImGuiFreeTypeBuilderFlags_LightHinting;

  ImFontGlyphRangesBuilder builder;
  builder.AddRanges(atlas.GetGlyphRangesDefault());
  for (const auto& text : texts) builder.AddText(text.c_str());
  // Symbols drawn as text: arrows, not-equal, check and cross, ellipsis, middle dot.
  builder.AddText("→←↔≠≤≥✓✗…·×▶◀▾■●○“”‘’—–");
  static ImVector<ImWchar> ranges;  // must outlive the atlas build
  ranges.clear();
  builder.BuildRanges(&ranges);

  UiFonts fonts;
  fonts.pixel_size = pixel_size;
  const auto sans = find_font("Noto Sans CJK SC");
  auto mono = find_font("Noto Sans Mono CJK SC");
  if (!mono) mono = sans;
  fonts.body = add_font(atlas, sans, pixel_size, ranges.Data);
  if (fonts.body) {
    fonts.has_cjk = true;
    fonts.heading = add_font(atlas, sans, pixel_size * 1.25f, ranges.Data);
    fonts.badge = add_font(atlas, sans, pixel_size * 1.6f, ranges.Data);
    fonts.mono = add_font(atlas, mono, pixel_size * 0.92f, ranges.Data);
  } else {
    // ImGui's built-in font has Latin only: the app stays usable in English.
    fonts.warning = "Noto Sans CJK SC was not found (install fonts-noto-cjk); Chinese text cannot be shown.";
    ImFontConfig config;
    config.SizePixels = pixel_size;
    fonts.body = atlas.AddFontDefault(&config);
    config.SizePixels = pixel_size * 1.25f;
    fonts.heading = atlas.AddFontDefault(&config);
    config.SizePixels = pixel_size * 1.6f;
    fonts.badge = atlas.AddFontDefault(&config);
    config.SizePixels = pixel_size * 0.92f;
    fonts.mono = atlas.AddFontDefault(&config);
  }
  atlas.Build();
  return fonts;
}

}  // namespace reslab
