#pragma once
// An ImGui context with no window, for testing and timing single widgets: the real CJK font with the glyphs
// of the given texts, frames run by hand. (gui_driver.hpp drives the whole lab window instead.)
#include <imgui.h>

#include <filesystem>
#include <string>
#include <vector>

namespace reslab::testing {

// Noto Sans CJK as Debian's fonts-noto-cjk installs it; face 2 of the collection is Simplified Chinese.
inline const char* const kCjkFontPath = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";
inline constexpr int kSimplifiedChineseFace = 2;

class HeadlessImGui {
 public:
  HeadlessImGui(float font_pixels, const std::vector<std::string>& texts,
                ImVec2 display = ImVec2(1280, 800)) {
    m_context = ImGui::CreateContext();
    ImGui::SetCurrentContext(m_context);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = display;
    io.DeltaTime = 1.0f / 60.0f;
    ImFontGlyphRangesBuilder builder;
    builder.AddRanges(io.Fonts->GetGlyphRangesDefault());
    for (const auto& text : texts) builder.AddText(text.c_str());
    builder.AddText("…");  // fit_label's ellipsis
    builder.BuildRanges(&m_ranges);
    // ImGui asserts on a missing file; a missing font should fail the test with a message instead.
    if (std::filesystem::exists(kCjkFontPath)) {
      ImFontConfig config;
      config.FontNo = kSimplifiedChineseFace;
      m_font = io.Fonts->AddFontFromFileTTF(kCjkFontPath, font_pixels, &config, m_ranges.Data);
    }
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  }
  ~HeadlessImGui() { ImGui::DestroyContext(m_context); }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;

  bool has_cjk_font() const { return m_font != nullptr; }

  // One frame: `draw` runs between NewFrame and Render.
  template <class Draw>
  void frame(Draw&& draw) {
    ImGui::NewFrame();
    draw();
    ImGui::Render();
  }

 private:
  ImGuiContext* m_context = nullptr;
  ImVector<ImWchar> m_ranges;  // the atlas reads it when it builds
  ImFont* m_font = nullptr;
};

}  // namespace reslab::testing
