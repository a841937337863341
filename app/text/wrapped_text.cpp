#include "app/text/wrapped_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "app/export/visibility.hpp"
#include "app/panels/widgets.hpp"

namespace reslab {
namespace {

constexpr float kTooltipWidthInFontSizes = 30.0f;

// ImGui's item rectangles round a text's width up to the next pixel, so a line measured against a
// fractional width could poke out by under a pixel: lay out against whole pixels.
float layout_width(float width) {
  return std::floor(width > 0 ? width : ImGui::GetContentRegionAvail().x);
}

std::string_view visible_label(std::string_view label) {
  return label.substr(0, label.find("##"));
}

// One line exactly as given: a wrap position pushed by the caller (a tooltip, a panel) must not wrap it
// again.
void unwrapped_text(std::string_view text, bool shortened = false) {
  ImGui::PushTextWrapPos(-1.0f);
  ImGui::TextUnformatted(text.data(), text.data() + text.size());
  ImGui::PopTextWrapPos();
  record_label(text, shortened);
}

}  // namespace

AdvanceFn current_font_advance() {
  const ImFont* font = ImGui::GetFont();
  const float scale = ImGui::GetFontSize() / font->FontSize;  // as ImFont::CalcTextSizeA scales
  return [font, scale](char32_t c) {
    if (c == '\r') return 0.0f;                                          // ImGui skips it
    if (c > IM_UNICODE_CODEPOINT_MAX) c = IM_UNICODE_CODEPOINT_INVALID;  // 16-bit ImWchar build
    return font->GetCharAdvance(static_cast<ImWchar>(c)) * scale;
  };
}

void text_wrapped_parts(const std::vector<ColoredPart>& parts, float width) {
  std::string text;
  std::vector<std::size_t> ends;  // where each part ends in `text`
  for (const auto& part : parts) {
    text += part.text;
    ends.push_back(text.size());
  }
  const std::vector<Line> lines = wrap_lines(text, width);
  if (lines.empty()) return;
  ImGui::BeginGroup();
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0.0f, 0.0f));
  for (const Line& line : lines) {
    // A line is drawn piece by piece, a piece for each part it touches, side by side.
    std::size_t at = line.begin;
    bool first = true;
    for (std::size_t p = 0; p < parts.size() && at < line.end; ++p) {
      if (ends[p] <= at) continue;
      const std::size_t piece_end = std::min(ends[p], line.end);
      if (!first) ImGui::SameLine(0.0f, 0.0f);
      ImGui::PushStyleColor(ImGuiCol_Text, parts[p].color);
      unwrapped_text(std::string_view(text).substr(at, piece_end - at));
      ImGui::PopStyleColor();
      first = false;
      at = piece_end;
    }
  }
  ImGui::PopStyleVar();
  ImGui::EndGroup();
}

std::vector<Line> wrap_lines(std::string_view text, float width) {
  return break_lines(text, layout_width(width), current_font_advance());
}

void text_wrapped(std::string_view text, float width) {
  const std::vector<Line> lines = wrap_lines(text, width);
  if (lines.empty()) return;
  // The lines of one paragraph sit as close as ImGui's own wrapped lines; the group keeps every line
  // at the first one's x after a SameLine, and gives the caller one item to hover or measure.
  ImGui::BeginGroup();
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0.0f));
  for (const Line& line : lines) unwrapped_text(text.substr(line.begin, line.end - line.begin));
  ImGui::PopStyleVar();
  ImGui::EndGroup();
}

float wrapped_height(std::string_view text, float width) {
  return static_cast<float>(wrap_lines(text, width).size()) * ImGui::GetTextLineHeight();
}

bool fitted_button(const std::string& label, float max_width, bool enabled) {
  const std::string_view visible = visible_label(label);
  const float limit = layout_width(max_width);
  const float padding = ImGui::GetStyle().FramePadding.x * 2.0f;
  const FittedLabel fitted = fit_label(visible, std::floor(limit - padding), current_font_advance());
  // Under an ellipsis that does not fit either, the button keeps the limit and ImGui clips its text.
  const float width = std::max(1.0f, std::min(ImGui::CalcTextSize(fitted.text.c_str()).x + padding, limit));
  // The id comes from the full label, so it does not change as the panel is resized.
  const std::string imgui_label = fitted.text + "###" + label;
  ImGui::BeginDisabled(!enabled);
  const bool pressed = ImGui::Button(imgui_label.c_str(), ImVec2(width, 0.0f));
  ImGui::EndDisabled();
  record_item(label, enabled);
  record_label(visible, fitted.shortened);
  if (fitted.shortened && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) wrapped_tooltip(visible);
  return pressed && enabled;
}

int wrapped_button_lines(std::string_view label, float width) {
  const float room = layout_width(width);
  const float padding = ImGui::GetStyle().FramePadding.x * 2.0f;
  return std::max<int>(
      1, static_cast<int>(wrap_lines(visible_label(label), std::max(1.0f, room - padding)).size()));
}

bool wrapped_button(const std::string& label, float width, bool enabled, int min_lines,
                    const std::string& id) {
  const std::string_view visible = visible_label(label);
  const float room = layout_width(width);
  const ImVec2 padding = ImGui::GetStyle().FramePadding;
  std::string text;
  int lines = 0;
  for (const Line& line : wrap_lines(visible, std::max(1.0f, room - padding.x * 2.0f))) {
    text += (lines++ ? "\n" : "") + std::string(visible.substr(line.begin, line.end - line.begin));
  }
  const float height =
      static_cast<float>(std::max({lines, min_lines, 1})) * ImGui::GetTextLineHeight() + padding.y * 2.0f;
  // The id comes from the full label, so it does not change as the panel is resized.
  const std::string imgui_label = text + "###" + label;
  ImGui::PushStyleVar(ImGuiStyleVar_ButtonTextAlign, ImVec2(0.0f, 0.5f));
  ImGui::BeginDisabled(!enabled);
  const bool pressed = ImGui::Button(imgui_label.c_str(), ImVec2(room, height));
  ImGui::EndDisabled();
  ImGui::PopStyleVar();
  record_item(label, enabled, id);
  record_label(visible);
  return pressed && enabled;
}

bool begin_wrapped_combo(const std::string& label, const std::string& preview, float width) {
  const float room = layout_width(width);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float arrow = ImGui::GetFrameHeight();
  std::string text;
  int lines = 0;
  for (const Line& line : wrap_lines(preview, std::max(1.0f, room - arrow - style.FramePadding.x * 2.0f)))
    text += (lines++ ? "\n" : "") + preview.substr(line.begin, line.end - line.begin);
  const float height =
      static_cast<float>(std::max(lines, 1)) * ImGui::GetTextLineHeight() + style.FramePadding.y * 2;
  const std::string popup = "##popup" + label;
  ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::GetStyleColorVec4(ImGuiCol_FrameBgHovered));
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, ImGui::GetStyleColorVec4(ImGuiCol_FrameBgActive));
  ImGui::PushStyleVar(ImGuiStyleVar_ButtonTextAlign, ImVec2(0.0f, 0.5f));
  const bool clicked = ImGui::Button((text + "###" + label).c_str(), ImVec2(room, height));
  ImGui::PopStyleVar();
  ImGui::PopStyleColor(3);
  record_item(std::string(visible_label(label)));
  record_label(preview);
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  // The arrow in its own square at the right, as a combo draws it.
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(ImVec2(max.x - arrow, min.y), max, ImGui::GetColorU32(ImGuiCol_Button),
                      style.FrameRounding);
  const float size = ImGui::GetFontSize() * 0.5f;
  const ImVec2 centre(max.x - arrow * 0.5f, (min.y + max.y) * 0.5f);
  draw->AddTriangleFilled(ImVec2(centre.x - size * 0.6f, centre.y - size * 0.35f),
                          ImVec2(centre.x + size * 0.6f, centre.y - size * 0.35f),
                          ImVec2(centre.x, centre.y + size * 0.45f), ImGui::GetColorU32(ImGuiCol_Text));
  if (clicked) ImGui::OpenPopup(popup.c_str());
  ImGui::SetNextWindowPos(ImVec2(min.x, max.y));
  ImGui::SetNextWindowSizeConstraints(ImVec2(max.x - min.x, 0),
                                      ImVec2(FLT_MAX, ImGui::GetIO().DisplaySize.y * 0.6f));
  return ImGui::BeginPopup(popup.c_str());
}

void fitted_text(const std::string& label, float max_width) {
  const std::string_view visible = visible_label(label);
  const FittedLabel fitted = fit_label(visible, layout_width(max_width), current_font_advance());
  unwrapped_text(fitted.text, fitted.shortened);
  record_item(label);
  if (fitted.shortened && ImGui::IsItemHovered()) wrapped_tooltip(visible);
}

void wrapped_tooltip(std::string_view text) {
  ImGui::BeginTooltip();
  text_wrapped(text, ImGui::GetFontSize() * kTooltipWidthInFontSizes);
  ImGui::EndTooltip();
}

}  // namespace reslab
