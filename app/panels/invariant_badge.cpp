#include "app/panels/invariant_badge.hpp"

#include <imgui.h>

#include <vector>

#include "app/panels/widgets.hpp"
#include "app/text/wrapped_text.hpp"
#include "core/formats/labels.hpp"
#include "core/sim/message.hpp"

namespace reslab {
namespace {

// A tick or a cross drawn as lines, so the icon needs no glyph.
void draw_icon(ImDrawList* draw, ImVec2 at, float size, bool holds, ImU32 color) {
  const float thickness = size * 0.16f;
  if (holds) {
    draw->AddLine(ImVec2(at.x, at.y + size * 0.55f), ImVec2(at.x + size * 0.38f, at.y + size * 0.9f), color,
                  thickness);
    draw->AddLine(ImVec2(at.x + size * 0.38f, at.y + size * 0.9f), ImVec2(at.x + size, at.y + size * 0.12f),
                  color, thickness);
  } else {
    draw->AddLine(ImVec2(at.x + size * 0.1f, at.y + size * 0.1f),
                  ImVec2(at.x + size * 0.9f, at.y + size * 0.9f), color, thickness);
    draw->AddLine(ImVec2(at.x + size * 0.9f, at.y + size * 0.1f),
                  ImVec2(at.x + size * 0.1f, at.y + size * 0.9f), color, thickness);
  }
}

}  // namespace

std::vector<const InvariantResult*> badge_order(const CommittedState& state) {
  std::vector<const InvariantResult*> shown;
  for (const auto& invariant : state.invariants)
    if (!invariant.holds) shown.push_back(&invariant);
  for (const auto& invariant : state.invariants)
    if (invariant.holds) shown.push_back(&invariant);
  return shown;
}

void draw_badge_box(const PanelContext& ctx, BadgeLook look, const std::string& title,
                    const std::function<void(float right)>& body) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float width = ImGui::GetContentRegionAvail().x;
  const ImVec2 top_left = ImGui::GetCursorScreenPos();
  const Palette& colors = ctx.colors;
  const bool muted = look == BadgeLook::hidden || look == BadgeLook::pending;
  const ImU32 fill = muted                      ? colors.hidden_fill
                     : look == BadgeLook::holds ? colors.holds_fill
                                                : colors.broken_fill;
  const ImU32 border = muted                      ? colors.lane_line
                       : look == BadgeLook::holds ? colors.holds_border
                                                  : colors.broken_border;
  const ImU32 text = muted                      ? colors.axis_text
                     : look == BadgeLook::holds ? colors.holds_text
                                                : colors.broken_text;
  const float right = top_left.x + width - style.FramePadding.x * 2;

  // Content first (into a group) to learn its height, then the box behind it.
  draw->ChannelsSplit(2);
  draw->ChannelsSetCurrent(1);
  ImGui::SetCursorScreenPos(
      ImVec2(top_left.x + style.FramePadding.x * 2, top_left.y + style.FramePadding.y * 2));
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(right);
  const float icon = ImGui::GetFontSize() * 1.2f;
  ImGui::PushStyleColor(ImGuiCol_Text, text);
  if (!muted) {
    const ImVec2 icon_at = ImGui::GetCursorScreenPos();
    draw_icon(draw, ImVec2(icon_at.x, icon_at.y + 2), icon, look == BadgeLook::holds, border);
    ImGui::SetCursorScreenPos(ImVec2(icon_at.x + icon * 1.4f, icon_at.y));
  }
  ImGui::PushFont(ctx.app.fonts().heading);
  text_wrapped(title, right - ImGui::GetCursorScreenPos().x);
  ImGui::PopFont();
  if (body) body(right);
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  const float bottom = ImGui::GetItemRectMax().y + style.FramePadding.y * 2;
  draw->ChannelsSetCurrent(0);
  draw->AddRectFilled(top_left, ImVec2(top_left.x + width, bottom), fill, style.FrameRounding * 2);
  draw->AddRect(top_left, ImVec2(top_left.x + width, bottom), border, style.FrameRounding * 2, 0,
                ImGui::GetFontSize() * 0.12f);
  draw->ChannelsMerge();
  ImGui::SetCursorScreenPos(ImVec2(top_left.x, bottom + style.ItemSpacing.y));
  ImGui::Dummy(ImVec2(width, 0));
  record_item(title);
}

void draw_invariant_badge(const PanelContext& ctx, const CommittedState* state,
                          const std::string& title_prefix, bool hidden) {
  const bool holds = state == nullptr || state->all_invariants_hold();
  const BadgeLook look = hidden ? BadgeLook::hidden : holds ? BadgeLook::holds : BadgeLook::broken;
  const std::string title = title_prefix + ctx.tr(hidden  ? "badge.hidden"
                                                  : holds ? "badge.holds"
                                                          : "badge.broken");
  draw_badge_box(ctx, look, title, [&](float right) {
    if (hidden || !state) return;
    const std::vector<const InvariantResult*> shown = badge_order(*state);
    for (const InvariantResult* invariant : shown) {
      const bool headline = !invariant->holds || invariant == shown.front();
      const std::string detail = render(invariant->detail, ctx.lang());
      // A broken invariant and the headline show their numbers; one that holds is one line, its
      // numbers on hover, so a slide's column keeps room for the steps.
      // Wrapped as the panels wrap (between Chinese characters too) inside the box.
      const float inner = right - ImGui::GetCursorScreenPos().x;
      if (headline) {
        ImGui::PushFont(ctx.app.fonts().badge);
        text_wrapped(detail, inner);
        ImGui::PopFont();
      }
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      text_wrapped(invariant_label(ctx.session().scenario(), invariant->name, ctx.lang()) + ": " +
                       ctx.tr(invariant->holds ? "badge.word_holds" : "badge.word_broken"),
                   inner);
      ImGui::PopStyleColor();
      if (!headline && ImGui::IsItemHovered()) wrapped_tooltip(detail);
    }
  });
}

void draw_figures(const PanelContext& ctx, const CommittedState* state, bool hidden) {
  if (!state) return;
  // The values keep their words whole ("HOLD_EXPIRED"), up to half the column; the names wrap beside them.
  float values = 0;
  for (const auto& figure : state->figures)
    values = std::max(values,
                      widest_unbreakable(hidden ? "?" : figure_value_text(figure), current_font_advance()));
  values = std::min(values + ImGui::GetStyle().CellPadding.x * 2, ImGui::GetContentRegionAvail().x * 0.5f);
  if (!ImGui::BeginTable("figures", 2, ImGuiTableFlags_SizingStretchProp)) return;
  ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthFixed, values);
  for (const auto& figure : state->figures) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    text_wrapped(figure_label(ctx.session().scenario(), figure.name, ctx.lang()));
    ImGui::TableNextColumn();
    text_wrapped(hidden ? "?" : figure_value_text(figure));
  }
  ImGui::EndTable();
}

}  // namespace reslab
