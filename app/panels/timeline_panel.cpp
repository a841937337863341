// [SECTION] index: geometry · painting · interaction
#include "app/panels/timeline_panel.hpp"

#include <imgui.h>

#include <cmath>

#include "app/export/visibility.hpp"
#include "app/panels/timeline_layout.hpp"
#include "app/panels/widgets.hpp"
#include "app/text/wrapped_text.hpp"

namespace reslab {
namespace {

// [SECTION] geometry
TimelineGeometry geometry_for(const PanelContext& ctx, ImVec2 origin) {
  const float em = ImGui::GetFontSize();
  TimelineGeometry g;
  g.left = origin.x;
  g.top = origin.y;
  float widest = 0;
  for (const auto& actor : ctx.session().scenario().actors)
    widest = std::max(widest, ImGui::CalcTextSize(ctx.actor_name(actor.id).c_str()).x);
  g.label_width = std::min(widest + em, em * 12);
  g.column_width = em * 4.2f;
  g.time_gap = em * 1.6f;
  g.lane_height = em * (ctx.slide.compact_timeline ? 1.75f : 2.1f);
  g.hide_idle_lanes = ctx.slide.compact_timeline;
  g.axis_height = em * 2.0f;
  g.marker_radius = em * 0.5f;
  return g;
}

// Seconds per pixel when dragging a movable event: two seconds per column.
float seconds_per_pixel(const TimelineGeometry& g) {
  return 2.0f / g.column_width;
}

// [SECTION] painting
void paint_arrow(ImDrawList* draw, ImVec2 from, ImVec2 to, ImU32 color, float thickness) {
  draw->AddLine(from, to, color, thickness);
  const float dx = to.x - from.x, dy = to.y - from.y;
  const float length = std::sqrt(dx * dx + dy * dy);
  if (length < 1) return;
  const float ux = dx / length, uy = dy / length, head = thickness * 4;
  draw->AddTriangleFilled(
      to, ImVec2(to.x - ux * head - uy * head * 0.6f, to.y - uy * head + ux * head * 0.6f),
      ImVec2(to.x - ux * head + uy * head * 0.6f, to.y - uy * head - ux * head * 0.6f), color);
}

void paint_marker(ImDrawList* draw, const MarkerRecord& m, const Palette& colors, float em) {
  const ImVec2 at(m.x, m.y);
  const float thickness = std::max(1.5f, em * 0.1f);
  switch (m.kind) {
    case MarkerKind::done:
      draw->AddCircleFilled(at, m.radius, colors.marker_done);
      break;
    case MarkerKind::current:
      draw->AddCircleFilled(at, m.radius, colors.marker_done);
      draw->AddCircle(at, m.radius + thickness * 2, colors.cursor_line, 0, thickness);
      break;
    case MarkerKind::planned:
      draw->AddCircleFilled(at, m.radius, colors.marker_pending);
      draw->AddCircle(at, m.radius, colors.marker_done, 0, thickness);
      break;
    case MarkerKind::waiting:
      // Orange with a pause sign: waiting reads without colour too.
      draw->AddCircleFilled(at, m.radius, colors.marker_waiting);
      draw->AddRectFilled(ImVec2(at.x - m.radius * 0.45f, at.y - m.radius * 0.5f),
                          ImVec2(at.x - m.radius * 0.15f, at.y + m.radius * 0.5f), colors.marker_pending);
      draw->AddRectFilled(ImVec2(at.x + m.radius * 0.15f, at.y - m.radius * 0.5f),
                          ImVec2(at.x + m.radius * 0.45f, at.y + m.radius * 0.5f), colors.marker_pending);
      break;
    case MarkerKind::pending:
      draw->AddCircleFilled(at, m.radius, colors.marker_pending);
      draw->AddCircle(at, m.radius, colors.lane_line, 0, thickness);
      break;
  }
  if (m.movable) {  // a double arrow under the marker says "drag me"
    const float y = m.y + m.radius + em * 0.35f;
    draw->AddLine(ImVec2(m.x - m.radius, y), ImVec2(m.x + m.radius, y), colors.axis_text, thickness * 0.7f);
    draw->AddTriangleFilled(ImVec2(m.x - m.radius - 4, y), ImVec2(m.x - m.radius + 2, y - 3),
                            ImVec2(m.x - m.radius + 2, y + 3), colors.axis_text);
    draw->AddTriangleFilled(ImVec2(m.x + m.radius + 4, y), ImVec2(m.x + m.radius - 2, y - 3),
                            ImVec2(m.x + m.radius - 2, y + 3), colors.axis_text);
  }
}

// The panel's own background, opaque: a child window's is transparent in the dark theme, where its
// parent's shows through.
ImU32 panel_background() {
  const ImVec4 child = ImGui::GetStyleColorVec4(ImGuiCol_ChildBg);
  const ImVec4 window = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  const ImVec4 shown(child.x * child.w + window.x * (1 - child.w),
                     child.y * child.w + window.y * (1 - child.w),
                     child.z * child.w + window.z * (1 - child.w), 1.0f);
  return ImGui::ColorConvertFloat4ToU32(shown);
}

void paint_layout(const PanelContext& ctx, const TimelineLayout& layout, const TimelineGeometry& g) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const Palette& colors = ctx.colors;
  const float em = ImGui::GetFontSize();
  // The lane names stay at the left edge while the events, their numbers and the cursor scroll under
  // them: what would sit under the names is not drawn there (a time would show as its last letters).
  const float labels_x = std::max(g.left, ImGui::GetWindowPos().x);
  const float names_right = labels_x + g.label_width - em * 0.3f;
  for (const auto& lane : layout.lanes)
    draw->AddLine(ImVec2(lane.x0, lane.y), ImVec2(lane.x1, lane.y), colors.lane_line, 1.5f);
  for (const auto& tick : layout.ticks) {
    const std::string label = ctx.tr("trace.seconds", {{"seconds", std::to_string(tick.seconds)}});
    const float label_x = tick.x - ImGui::CalcTextSize(label.c_str()).x * 0.5f;
    if (label_x >= names_right) draw->AddText(ImVec2(label_x, g.top), colors.axis_text, label.c_str());
    draw->AddLine(ImVec2(tick.x, g.top + em * 1.2f), ImVec2(tick.x, g.top + g.axis_height), colors.lane_line);
  }
  for (const auto& lane : layout.lanes)
    if (lane.idle)
      draw->AddText(ImVec2(std::max(lane.x0, names_right) + em * 0.4f, lane.y - em * 0.5f), colors.axis_text,
                    ctx.tr("timeline.not_in_preset").c_str());
  for (const auto& arrow : layout.arrows)
    paint_arrow(draw, ImVec2(arrow.x0 + em * 0.3f, arrow.y0), ImVec2(arrow.x1 + em * 0.3f, arrow.y1),
                colors.wake_arrow, std::max(2.0f, em * 0.12f));
  for (const auto& marker : layout.markers) {
    paint_marker(draw, marker, colors, em);
    if (marker.step > 0) {
      const std::string number = std::to_string(marker.step);
      draw->AddText(ImVec2(marker.x - ImGui::CalcTextSize(number.c_str()).x * 0.5f,
                           marker.y - marker.radius - em * 1.1f),
                    colors.axis_text, number.c_str());
    }
  }
  const float bottom = g.top + layout.height;
  draw->AddLine(ImVec2(layout.cursor_x, g.top + g.axis_height * 0.5f), ImVec2(layout.cursor_x, bottom),
                colors.cursor_line, std::max(2.0f, em * 0.14f));
  draw->AddRectFilled(ImVec2(labels_x, g.top), ImVec2(names_right, g.top + layout.height),
                      panel_background());
  // A name wider than its box wraps onto a second line, centred on its lane.
  const float box = g.label_width - em * 0.5f;
  for (const auto& lane : layout.lanes) {
    const std::string name = ctx.actor_name(lane.actor);
    const std::vector<Line> lines = wrap_lines(name, box);
    const float line_height = ImGui::GetTextLineHeight();
    float y = lane.y - line_height * static_cast<float>(lines.size()) * 0.5f;
    for (const Line& line : lines) {
      const std::string text = name.substr(line.begin, line.end - line.begin);
      draw->AddText(ImVec2(labels_x, y), colors.axis_text, text.c_str());
      record_label(text, ImVec2(labels_x, y), ImVec2(labels_x + line.width, y + line_height),
                   ImVec2(labels_x, g.top), ImVec2(labels_x + box + 1, g.top + layout.height));
      y += line_height;
    }
  }
}

void marker_tooltip(const PanelContext& ctx, const MarkerRecord& m) {
  ImGui::BeginTooltip();
  if (ctx.session().is_sql())
    ImGui::TextUnformatted(ctx.action_label(m.actor, m.event).c_str());
  else
    ImGui::Text("%s · %s · %lld s", m.event.c_str(), ctx.actor_name(m.actor).c_str(),
                static_cast<long long>(m.time));
  if (!m.outcome.empty()) ImGui::TextUnformatted(ctx.outcome_text(m.outcome).c_str());
  if (m.step > 0)
    ImGui::TextDisabled("%s", ctx.tr("timeline.click_to_jump", {{"step", std::to_string(m.step)}}).c_str());
  if (m.movable) ImGui::TextDisabled("%s", ctx.tr("timeline.drag_to_move").c_str());
  ImGui::EndTooltip();
}

// Scrolls so that the current event's marker and the cursor line are both in view, right of the lane
// names that stay over the left edge.
void follow_current_step(const PanelContext& ctx, const TimelineLayout& layout, const TimelineGeometry& g,
                         TimelineDrag& drag) {
  const float view_width = ImGui::GetWindowContentRegionMax().x;
  if (drag.followed != ctx.slide.key || std::abs(drag.followed_width - view_width) > 0.5f) {
    drag.followed = ctx.slide.key;
    drag.followed_width = view_width;
    drag.follow_frames = 10;
  }
  if (drag.follow_frames <= 0 || !drag.event.empty()) return;
  --drag.follow_frames;
  float left = layout.cursor_x, right = layout.cursor_x;
  for (const auto& marker : layout.markers) {
    if (marker.kind != MarkerKind::current) continue;
    left = std::min(left, marker.x - marker.radius);
    right = std::max(right, marker.x + marker.radius);
  }
  // In content coordinates (screen x plus the scroll), against what the window shows of them.
  const float scroll = ImGui::GetScrollX();
  const float view_left = ImGui::GetWindowPos().x;
  const float margin = ImGui::GetFontSize();
  const float content_left = left - view_left + scroll, content_right = right - view_left + scroll;
  float wanted = scroll;
  if (content_right > scroll + view_width - margin) wanted = content_right - view_width + margin * 3;
  if (content_left < wanted + g.label_width + margin) wanted = content_left - g.label_width - margin;
  wanted = std::max(0.0f, wanted);
  if (std::abs(wanted - scroll) > 0.5f) ImGui::SetScrollX(wanted);
}

}  // namespace

// [SECTION] interaction
float draw_timeline_panel(const PanelContext& ctx, TimelineDrag& drag) {
  // A compact timeline leaves out its heading: lanes of events over a time axis speak for themselves.
  if (!ctx.slide.compact_timeline)
    ctx.heading(ctx.tr(ctx.session().is_sql() ? "timeline.sql_title" : "timeline.title"));
  const float em = ImGui::GetFontSize();
  const float top = ImGui::GetCursorPosY();
  ImGui::BeginChild("timeline_canvas", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const TimelineGeometry g = geometry_for(ctx, origin);
  const int cursor = ctx.session().cursor();
  const int hidden_from = ctx.view().result_hidden(cursor) ? ctx.view().hidden_step : 0;
  const TimelineLayout layout = layout_timeline(ctx.session(), g, hidden_from);

  // Below the axis, the step label under the cursor (a compact timeline leaves it to the controls).
  const float below = ctx.slide.compact_timeline ? em * 0.4f : em * 1.6f;
  ImGui::InvisibleButton("timeline_area", ImVec2(std::max(layout.width, 1.0f), layout.height + below));
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const MarkerRecord* hovered = ImGui::IsItemHovered() ? layout.marker_at(mouse.x, mouse.y) : nullptr;
  for (const auto& marker : layout.markers) {  // so tests can click an event by its id
    const float r = marker.radius;
    frame_items().push_back({"event:" + marker.event, ImVec2(marker.x - r, marker.y - r),
                             ImVec2(marker.x + r, marker.y + r), true, "event:" + marker.event});
  }

  if (ImGui::IsItemActivated() && hovered && hovered->movable) {
    drag.event = hovered->event;
    drag.start_seconds = ctx.session().time_of(hovered->event);
    drag.start_x = mouse.x;
  }
  std::int64_t dragged_to = 0;
  if (!drag.event.empty()) {
    // Never before a time the event carries (a callback cannot arrive before the payment it reports).
    const TimeFloor floor = ctx.session().earliest(drag.event);
    dragged_to = std::max<std::int64_t>(
        floor.seconds, drag.start_seconds + std::llround((mouse.x - drag.start_x) * seconds_per_pixel(g)));
    std::string tip = drag.event + " → " + ctx.tr("trace.seconds", {{"seconds", std::to_string(dragged_to)}});
    if (dragged_to == floor.seconds && !floor.argument.empty())
      tip += "\n" + ctx.tr("timeline.not_before",
                           {{"fact", floor.argument}, {"earliest", std::to_string(floor.seconds)}});
    ImGui::SetTooltip("%s", tip.c_str());
    if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
      if (dragged_to != drag.start_seconds)
        ctx.send(MoveEvent{drag.event, dragged_to});
      else if (hovered && hovered->step > 0)
        ctx.send(JumpTo{hovered->step});
      drag.event.clear();
    }
  } else if (ImGui::IsItemClicked() && hovered) {
    if (hovered->step > 0) {
      ctx.send(JumpTo{hovered->step});
    } else if (ctx.session().controls().size() > 0) {
      // A pending event that is its actor's next one runs, as its button would.
      for (const auto& control : ctx.session().controls())
        if (control.event == hovered->event && control.blocked_reason.empty())
          ctx.send(RunActor{control.actor});
    }
  } else if (hovered) {
    marker_tooltip(ctx, *hovered);
  }

  paint_layout(ctx, layout, g);
  follow_current_step(ctx, layout, g, drag);
  // Seen only right of the lane names, which stay over the left edge.
  const float names_right = ImGui::GetWindowPos().x + g.label_width;
  for (const auto& marker : layout.markers)
    if (marker.kind == MarkerKind::current)
      require_shown("current event " + marker.event,
                    ImVec2(marker.x - marker.radius, marker.y - marker.radius),
                    ImVec2(marker.x + marker.radius, marker.y + marker.radius), names_right);
  if (cursor > 0)
    require_shown("cursor", ImVec2(layout.cursor_x - 1, origin.y + g.axis_height * 0.5f),
                  ImVec2(layout.cursor_x + 1, origin.y + layout.height), names_right);
  if (!ctx.slide.compact_timeline) {
    const std::string where =
        ctx.tr("timeline.step_of",
               {{"step", std::to_string(cursor)}, {"steps", std::to_string(ctx.session().step_count())}});
    ImGui::GetWindowDrawList()->AddText(ImVec2(layout.cursor_x + 4, origin.y + layout.height + em * 0.2f),
                                        ctx.colors.axis_text, where.c_str());
  }
  ImGui::EndChild();
  const ImGuiStyle& style = ImGui::GetStyle();
  return top + layout.height + below + style.ScrollbarSize + style.WindowPadding.y + style.ItemSpacing.y;
}

}  // namespace reslab
