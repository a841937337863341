// The wrapped-text widgets in a headless ImGui frame with the real CJK font (Noto Sans CJK SC at the app's
// base size): a mixed paragraph in a 300 px window, and labels shortened to a width.
#include "app/text/wrapped_text.hpp"

#include <doctest/doctest.h>
#include <imgui.h>
#include <imgui_internal.h>  // ImGuiWindow, to find the tooltip window

#include <algorithm>
#include <string>
#include <vector>

#include "app/panels/widgets.hpp"
#include "app/text/font_atlas.hpp"
#include "tests/app/headless_imgui.hpp"

using namespace reslab;
using reslab::testing::HeadlessImGui;

namespace {

const std::string kParagraph =
    "{actor} 读取到 available = 1 并记住它。这次读取单独提交，"
    "没有任何机制阻止另一个请求在这之后读取同一个值：两个请求都看到 available = 1，"
    "都以为还剩最后一间房，于是都把它卖了出去。READ COMMITTED 隔离级别不会阻止这种交错；"
    "要么在同一个事务里用 UPDATE … WHERE available > 0 原子地扣减，"
    "要么先锁住这一行（SELECT … FOR UPDATE），再检查、再写入。";
const std::string kChineseParagraph =
    "两个请求几乎同时到达，各自读取到同一个剩余房间数，又各自在此基础上减一并写回。后写入的结果覆盖了先写入的"
    "结果，数据库里只记下了一次扣减，可是两位客人都拿到了确认单。把读取、检查和写入放进同一条语句，"
    "或者在读取时就锁住这一行，才能让第二个请求看到第一个请求留下的结果。";
const std::string kChineseLabel = "重置到第一步并清空所有请求的记录";
const std::string kEnglishLabel = "Reset to the first step and clear every request";
const std::string kShortLabel = "Next";

constexpr float kWindowWidth = 300;

HeadlessImGui make_gui() {
  return HeadlessImGui(kBaseFontPixels,
                       {kParagraph, kChineseParagraph, kChineseLabel, kEnglishLabel, kShortLabel});
}

struct Rect {
  ImVec2 min, max;
  float width() const { return max.x - min.x; }
  float height() const { return max.y - min.y; }
  bool contains(const Rect& other) const {
    return other.min.x >= min.x && other.min.y >= min.y && other.max.x <= max.x && other.max.y <= max.y;
  }
};

// A fixed 300 px window at the origin, tall enough for the paragraph without a scrollbar.
void begin_window() {
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(kWindowWidth, 760));
  ImGui::Begin("wrapped text", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoSavedSettings);
}

Rect content_region() {
  const ImVec2 pos = ImGui::GetWindowPos();
  const ImVec2 min = ImGui::GetWindowContentRegionMin();
  const ImVec2 max = ImGui::GetWindowContentRegionMax();
  return {ImVec2(pos.x + min.x, pos.y + min.y), ImVec2(pos.x + max.x, pos.y + max.y)};
}

Rect last_item() {
  return {ImGui::GetItemRectMin(), ImGui::GetItemRectMax()};
}

const ItemRecord* recorded(const std::string& label) {
  for (const ItemRecord& item : frame_items())
    if (item.label == label) return &item;
  return nullptr;
}

// What one frame of the paragraph test saw.
struct ParagraphFrame {
  Rect content;
  Rect paragraph;           // the group of line items text_wrapped drew
  std::vector<Line> lines;  // what wrap_lines says it drew
  float drawn_right = 0;    // the right-most vertex of the paragraph's glyphs
  float height = 0;         // wrapped_height's answer
  float line_height = 0;
};

ParagraphFrame draw_paragraph(HeadlessImGui& gui, const std::string& text = kParagraph) {
  ParagraphFrame seen;
  gui.frame([&] {
    begin_window();
    seen.content = content_region();
    seen.lines = wrap_lines(text);
    seen.height = wrapped_height(text);
    seen.line_height = ImGui::GetTextLineHeight();
    ImDrawList* draw_list = ImGui::GetWindowDrawList();
    const int first_vertex = draw_list->VtxBuffer.Size;
    text_wrapped(text);
    seen.paragraph = last_item();
    for (int i = first_vertex; i < draw_list->VtxBuffer.Size; ++i)
      seen.drawn_right = std::max(seen.drawn_right, draw_list->VtxBuffer[i].pos.x);
    ImGui::End();
  });
  return seen;
}

// The texts here hold no three-byte character from U+2E80 on that is not CJK.
bool starts_with_cjk(std::string_view text) {
  const std::string_view first = text.substr(0, 3);
  return first >= "\xE2\xBA\x80" && first < "\xF0";  // U+2E80 up to the four-byte sequences
}

// One frame with fitted_button alone in the window; a copy of its record.
ItemRecord button_frame(HeadlessImGui& gui, const std::string& label, float max_width, bool enabled = true) {
  gui.frame([&] {
    begin_window();
    begin_item_frame();
    fitted_button(label, max_width, enabled);
    ImGui::End();
  });
  const ItemRecord* item = recorded(label);
  REQUIRE(item != nullptr);
  return *item;
}

// Puts the mouse on the button's centre and draws it until ImGui has seen the mouse there.
void hover_button(HeadlessImGui& gui, const ItemRecord& button, float max_width, bool enabled = true) {
  ImGui::GetIO().MousePos = ImVec2((button.min.x + button.max.x) / 2, (button.min.y + button.max.y) / 2);
  for (int frame = 0; frame < 3; ++frame) button_frame(gui, button.label, max_width, enabled);
}

bool tooltip_shown() {
  const ImGuiWindow* tooltip = ImGui::FindWindowByName("##Tooltip_00");
  return tooltip && tooltip->Active;
}

}  // namespace

TEST_CASE("every line of a long mixed paragraph lies inside a 300 px window's content region") {
  HeadlessImGui gui = make_gui();
  REQUIRE_MESSAGE(gui.has_cjk_font(), "install fonts-noto-cjk: " << testing::kCjkFontPath);
  draw_paragraph(gui);  // the first frame sizes the window
  const ParagraphFrame seen = draw_paragraph(gui);
  REQUIRE(seen.lines.size() > 5);
  // The group is the union of the line items: inside the region means every line is.
  CHECK(seen.content.contains(seen.paragraph));
  CHECK(seen.drawn_right <= seen.content.max.x);
  for (const Line& line : seen.lines) CHECK(line.width <= seen.content.width());
}

TEST_CASE("a Chinese paragraph fills every line but the last to at least 80% of the width") {
  HeadlessImGui gui = make_gui();
  REQUIRE(gui.has_cjk_font());
  draw_paragraph(gui, kChineseParagraph);
  const ParagraphFrame seen = draw_paragraph(gui, kChineseParagraph);
  REQUIRE(seen.lines.size() > 5);
  for (std::size_t i = 0; i + 1 < seen.lines.size(); ++i) {
    CAPTURE(kChineseParagraph.substr(seen.lines[i].begin, seen.lines[i].end - seen.lines[i].begin));
    CHECK(seen.lines[i].width >= 0.8f * seen.content.width());
  }
}

TEST_CASE("a mixed paragraph fills its lines to at least 80% of the width wherever Chinese text follows") {
  HeadlessImGui gui = make_gui();
  REQUIRE(gui.has_cjk_font());
  draw_paragraph(gui);
  const ParagraphFrame seen = draw_paragraph(gui);
  REQUIRE(seen.lines.size() > 5);
  // A Latin word that does not fit moves whole and may leave a wider gap; Chinese text may not.
  for (std::size_t i = 0; i + 1 < seen.lines.size(); ++i) {
    const Line& line = seen.lines[i];
    CAPTURE(kParagraph.substr(line.begin, line.end - line.begin));
    if (starts_with_cjk(kParagraph.substr(seen.lines[i + 1].begin, 3)))
      CHECK(line.width >= 0.8f * seen.content.width());
  }
}

TEST_CASE("a paragraph takes the height wrapped_height gives, one line height per line") {
  HeadlessImGui gui = make_gui();
  REQUIRE(gui.has_cjk_font());
  draw_paragraph(gui);
  const ParagraphFrame seen = draw_paragraph(gui);
  CHECK(seen.paragraph.height() == doctest::Approx(seen.height));
  CHECK(seen.height == doctest::Approx(seen.lines.size() * seen.line_height));
}

TEST_CASE("fitted_button never grows beyond max_width and is recorded under its full label") {
  HeadlessImGui gui = make_gui();
  REQUIRE(gui.has_cjk_font());
  for (const std::string& label : {kChineseLabel, kEnglishLabel}) {
    for (const float max_width : {10.0f, 40.0f, 120.0f, 200.0f}) {
      CAPTURE(label);
      CAPTURE(max_width);
      const ItemRecord button = button_frame(gui, label, max_width);  // found by its full label
      CHECK(button.max.x - button.min.x <= max_width);
    }
  }
}

TEST_CASE("a label that fits is drawn whole, at its natural width, with no tooltip") {
  HeadlessImGui gui = make_gui();
  REQUIRE(gui.has_cjk_font());
  const ItemRecord button = button_frame(gui, kShortLabel, 200);
  const float natural = ImGui::CalcTextSize(kShortLabel.c_str()).x + ImGui::GetStyle().FramePadding.x * 2;
  CHECK(button.max.x - button.min.x == doctest::Approx(natural));
  hover_button(gui, button, 200);
  CHECK_FALSE(tooltip_shown());
}

TEST_CASE("hovering a shortened button shows its full label in a wrapped tooltip") {
  HeadlessImGui gui = make_gui();
  REQUIRE(gui.has_cjk_font());
  hover_button(gui, button_frame(gui, kEnglishLabel, 120), 120);
  REQUIRE(tooltip_shown());
  const float text_width = ImGui::FindWindowByName("##Tooltip_00")->ContentSize.x;
  CHECK(text_width <= ImGui::GetFontSize() * 30);
  CHECK(text_width > 120);  // more than the button could show
}

TEST_CASE("a disabled shortened button still shows its full label on hover") {
  HeadlessImGui gui = make_gui();
  REQUIRE(gui.has_cjk_font());
  const ItemRecord button = button_frame(gui, kChineseLabel, 120, false);
  CHECK_FALSE(button.enabled);
  hover_button(gui, button, 120, false);
  CHECK(tooltip_shown());
}

TEST_CASE("fitted_text shortens to max_width and is recorded under its full text") {
  HeadlessImGui gui = make_gui();
  REQUIRE(gui.has_cjk_font());
  gui.frame([&] {
    begin_window();
    begin_item_frame();
    fitted_text(kChineseLabel, 100);
    ImGui::End();
  });
  const ItemRecord* item = recorded(kChineseLabel);
  REQUIRE(item != nullptr);
  CHECK(item->max.x - item->min.x <= 100);
  CHECK(item->max.x - item->min.x > 50);  // shortened, not emptied
}
