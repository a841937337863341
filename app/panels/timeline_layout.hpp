#pragma once
// The timeline's first pass: plain draw records computed from the session and
// a geometry, with no ImGui, so it can be unit-tested. The painter draws them.
//
// The axis is logical time. Events run in step order and the clock never goes
// back, so each event gets a column in that order; a gap and a tick mark where
// the time moves on. (H1 runs everything at 0 s: columns keep it readable.)
#include <cstdint>
#include <string>
#include <vector>

#include "app/session/lab_session.hpp"

namespace reslab {

struct TimelineGeometry {
  float left = 0, top = 0;  // where the drawing starts
  float label_width = 120;  // lane names
  float column_width = 64;  // one event
  float time_gap = 24;      // extra space where the time moves on
  float lane_height = 44;
  float axis_height = 28;
  float marker_radius = 9;
  bool hide_idle_lanes = false;  // a compact timeline leaves out the lanes of actors who do not act
};

enum class MarkerKind {
  done,     // ran at or before the step shown
  current,  // the step shown
  planned,  // in the order, after the step shown
  waiting,  // began, and waits for a lock at the step shown
  pending,  // not in the order yet
};

struct LaneRecord {
  std::string actor;
  float y = 0;  // the lane's centre line
  float x0 = 0, x1 = 0;
  // The actor has no event in the preset's order or in the steps run: its lane shows no events
  // (they would look like steps that come), only that it does not act in this preset.
  bool idle = false;
};

struct TickRecord {
  float x = 0;
  std::int64_t seconds = 0;
};

struct MarkerRecord {
  std::string event;
  std::string actor;
  MarkerKind kind = MarkerKind::pending;
  int step = 0;  // 1-based step index; 0 when not in the order
  float x = 0, y = 0, radius = 0;
  std::int64_t time = 0;  // effective time; a pending event's is never before the last step's
  bool movable = false;
  std::string outcome;  // empty while pending or hidden
};

// A wake-up: from the step that committed (or rolled back) to the actor it woke.
struct ArrowRecord {
  int step = 0;
  std::string woken_actor;
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

struct TimelineLayout {
  std::vector<LaneRecord> lanes;
  std::vector<TickRecord> ticks;
  std::vector<MarkerRecord> markers;
  std::vector<ArrowRecord> arrows;
  float cursor_x = 0;  // the line marking the step shown
  float width = 0, height = 0;

  // The marker under a point, if any (for clicks and drags).
  const MarkerRecord* marker_at(float x, float y) const;
};

// `hidden_from`: in predict mode, outcomes of this step and later are left out (0: show all).
TimelineLayout layout_timeline(const LabSession& session, const TimelineGeometry& geometry,
                               int hidden_from = 0);

}  // namespace reslab
