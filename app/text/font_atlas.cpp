#include "app/text/font_atlas.hpp"

#include <imgui_freetype.h>

#include <fstream>
#include <map>

#include "app/platform/font_lookup.hpp"

namespace reslab {
namespace {

// Font files read once per run: Noto Sans CJK is one 19 MB collection holding
// both the sans and the mono face, and ImGui would otherwise read it per font.
std::vector<unsigned char>* font_bytes(const std::string& path) {
  static std::map<std::string, std::vector<unsigned char>> files;
  auto found = files.find(path);
  if (found != files.end()) return &found->second;
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return nullptr;
  const std::streamsize size = in.tellg();
  if (size <= 0) return nullptr;
  std::vector<unsigned char> bytes(static_cast<std::size_t>(size));
  in.seekg(0);
  if (!in.read(reinterpret_cast<char*>(bytes.data()), size)) return nullptr;
  return &files.emplace(path, std::move(bytes)).first->second;
}

ImFont* add_font(ImFontAtlas& atlas, const std::optional<FontFile>& file, float size, const ImWchar* ranges) {
  if (!file) return nullptr;
  std::vector<unsigned char>* bytes = font_bytes(file->path);
  if (!bytes) return nullptr;
  ImFontConfig config;
  config.FontNo = file->index;
  config.FontDataOwnedByAtlas = false;  // the cache above keeps the bytes
  config.OversampleH = 1;               // FreeType hints; oversampling only costs atlas space
  config.OversampleV = 1;
  return atlas.AddFontFromMemoryTTF(bytes->data(), static_cast<int>(bytes->size()), size, &config, ranges);
}

// The characters of `texts`, with the ranges and symbols every atlas holds.
ImFontGlyphRangesBuilder glyph_set(const ImFontAtlas& atlas, const std::vector<std::string>& texts) {
  ImFontGlyphRangesBuilder builder;
  builder.AddRanges(const_cast<ImFontAtlas&>(atlas).GetGlyphRangesDefault());
  for (const auto& text : texts) builder.AddText(text.c_str());
  // Symbols drawn as text: arrows, not-equal, check and cross, ellipsis, middle dot.
  builder.AddText("→←↔≠≤≥✓✗…·×▶◀▾■●○“”‘’—–．、：（）");
  return builder;
}

}  // namespace

bool fonts_cover(const UiFonts& fonts, const std::vector<std::string>& texts) {
  if (fonts.glyphs.empty()) return false;
  ImFontAtlas atlas;
  const ImFontGlyphRangesBuilder wanted = glyph_set(atlas, texts);
  for (int i = 0; i < wanted.UsedChars.Size; ++i) {
    const unsigned held =
        i < static_cast<int>(fonts.glyphs.size()) ? fonts.glyphs[static_cast<std::size_t>(i)] : 0;
    if ((wanted.UsedChars[i] & ~held) != 0) return false;
  }
  return true;
}

UiFonts build_fonts(ImFontAtlas& atlas, float pixel_size, const std::vector<std::string>& texts,
                    FontFinder find_font) {
  atlas.Clear();
  atlas.FontBuilderIO = ImGuiFreeType::GetBuilderForFreeType();
  atlas.FontBuilderFlags = ImGuiFreeTypeBuilderFlags_LightHinting;

  ImFontGlyphRangesBuilder builder = glyph_set(atlas, texts);
  static ImVector<ImWchar> ranges;  // must outlive the atlas build
  ranges.clear();
  builder.BuildRanges(&ranges);
  UiFonts fonts;
  fonts.pixel_size = pixel_size;
  fonts.glyphs.assign(builder.UsedChars.begin(), builder.UsedChars.end());
  const auto sans = find_font("Noto Sans CJK SC");
  auto mono = find_font("Noto Sans Mono CJK SC");
  if (!mono) mono = sans;
  fonts.body = add_font(atlas, sans, pixel_size, ranges.Data);
  if (fonts.body) {
    fonts.has_cjk = true;
    fonts.heading = add_font(atlas, sans, pixel_size * 1.25f, ranges.Data);
    fonts.badge = fonts.heading;  // one face fewer to rasterise at start-up
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
