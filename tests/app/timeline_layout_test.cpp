// The timeline's draw records, computed from a session on the bundled cases:
// lanes, ticks, one marker per event, wake-up arrows and the cursor line.
#include "app/panels/timeline_layout.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"
#include "tests/app/app_test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

// Offsets that are not zero, so a record that forgets them shows up.
TimelineGeometry geometry() {
  TimelineGeometry g;
  g.left = 10;
  g.top = 5;
  return g;
}

const MarkerRecord& marker_for(const TimelineLayout& layout, const std::string& event) {
  for (const auto& marker : layout.markers)
    if (marker.event == event) return marker;
  FAIL("no marker for event " << event);
  return layout.markers.front();
}

const LaneRecord& lane_for(const TimelineLayout& layout, const std::string& actor) {
  for (const auto& lane : layout.lanes)
    if (lane.actor == actor) return lane;
  FAIL("no lane for actor " << actor);
  return layout.lanes.front();
}

const MarkerRecord* marker_at_step(const TimelineLayout& layout, int step) {
  for (const auto& marker : layout.markers)
    if (marker.step == step) return &marker;
  return nullptr;
}

// H2 under a preset in which every actor acts, running only `order`: the events left out are pending
// on lanes that do act (a lane with no event in the preset shows none).
LabSession h2_running(const std::vector<std::string>& order) {
  LabSession session(bundled_case("h2"));
  session.use_order("refund-done", order);
  return session;
}

std::vector<std::int64_t> tick_seconds(const TimelineLayout& layout) {
  std::vector<std::int64_t> seconds;
  for (const auto& tick : layout.ticks) seconds.push_back(tick.seconds);
  return seconds;
}

}  // namespace

// [SECTION] lanes

TEST_CASE("there is one lane per actor, in the scenario's order, each below the one before") {
  const LabSession session(bundled_case("h2"));
  const TimelineGeometry g = geometry();
  const TimelineLayout layout = layout_timeline(session, g);
  REQUIRE(layout.lanes.size() == 3);
  CHECK(layout.lanes[0].actor == "expiry_worker");
  CHECK(layout.lanes[1].actor == "payment_callbacks");
  CHECK(layout.lanes[2].actor == "refund_worker");
  CHECK(layout.lanes[0].y == doctest::Approx(g.top + g.axis_height + g.lane_height * 0.5f));
  CHECK(layout.lanes[1].y == doctest::Approx(layout.lanes[0].y + g.lane_height));
  CHECK(layout.lanes[2].y == doctest::Approx(layout.lanes[1].y + g.lane_height));
  CHECK(layout.height == doctest::Approx(g.axis_height + 3 * g.lane_height));
}

TEST_CASE("lanes start after the actor labels and run past the last marker") {
  const LabSession session(bundled_case("h2"));
  const TimelineGeometry g = geometry();
  const TimelineLayout layout = layout_timeline(session, g);
  float last_x = 0;
  for (const auto& marker : layout.markers) last_x = std::max(last_x, marker.x);
  for (const auto& lane : layout.lanes) {
    CAPTURE(lane.actor);
    CHECK(lane.x0 == doctest::Approx(g.left + g.label_width));
    CHECK(lane.x1 > last_x + g.marker_radius);
  }
}

TEST_CASE("every event has one marker, on its actor's lane") {
  LabSession session(bundled_case("h2"));
  REQUIRE(session.choose_preset("refund-done").empty());  // every actor acts in this preset
  const TimelineLayout layout = layout_timeline(session, geometry());
  CHECK(layout.markers.size() == session.scenario().events.size());
  for (const auto& marker : layout.markers) {
    CAPTURE(marker.event);
    CHECK(marker.y == doctest::Approx(lane_for(layout, marker.actor).y));
  }
}

TEST_CASE("a lane whose actor does not act in the preset shows no step that never comes") {
  LabSession session(bundled_case("h2"));  // the article's order: the refund worker does not run
  TimelineLayout layout = layout_timeline(session, geometry());
  CHECK(lane_for(layout, "refund_worker").idle);
  CHECK_FALSE(lane_for(layout, "expiry_worker").idle);
  for (const auto& marker : layout.markers) CHECK(marker.actor != "refund_worker");
  // Once the student runs it anyway, its lane shows its event like any other.
  while (session.cursor() < session.step_count()) session.step_forward();
  REQUIRE(session.run_actor("refund_worker").empty());
  layout = layout_timeline(session, geometry());
  CHECK_FALSE(lane_for(layout, "refund_worker").idle);
  CHECK(marker_for(layout, "refund_worker").step == session.step_count());
}

// [SECTION] marker kinds

TEST_CASE(
    "markers up to the step shown are done then current, the rest of the order planned, others pending") {
  LabSession session = h2_running({"expiry", "payment", "expiry_dup", "payment_dup"});
  session.jump_to(2);
  const TimelineLayout layout = layout_timeline(session, geometry());
  CHECK(marker_for(layout, "expiry").kind == MarkerKind::done);
  CHECK(marker_for(layout, "expiry").step == 1);
  CHECK(marker_for(layout, "payment").kind == MarkerKind::current);
  CHECK(marker_for(layout, "payment").step == 2);
  CHECK(marker_for(layout, "expiry_dup").kind == MarkerKind::planned);
  CHECK(marker_for(layout, "expiry_dup").step == 3);
  CHECK(marker_for(layout, "payment_dup").kind == MarkerKind::planned);
  CHECK(marker_for(layout, "payment_dup").step == 4);
  CHECK(marker_for(layout, "refund_worker").kind == MarkerKind::pending);
  CHECK(marker_for(layout, "refund_worker").step == 0);
}

TEST_CASE("at step 0 every marker in the order is planned and none is done or current") {
  const LabSession session(bundled_case("h1"));
  const TimelineLayout layout = layout_timeline(session, geometry());
  for (const auto& marker : layout.markers) {
    CAPTURE(marker.event);
    CHECK(marker.kind == MarkerKind::planned);
    CHECK(marker.outcome.empty());
  }
}

TEST_CASE("outcomes appear on markers up to the step shown and not on planned or pending ones") {
  LabSession session = h2_running({"expiry", "payment", "expiry_dup", "payment_dup"});
  session.jump_to(2);
  const TimelineLayout layout = layout_timeline(session, geometry());
  CHECK(marker_for(layout, "expiry").outcome == "released");
  CHECK(marker_for(layout, "payment").outcome == "refund_queued");
  CHECK(marker_for(layout, "expiry_dup").outcome.empty());
  CHECK(marker_for(layout, "payment_dup").outcome.empty());
  CHECK(marker_for(layout, "refund_worker").outcome.empty());
}

TEST_CASE("only the movable payment marker is flagged as movable") {
  const LabSession session(bundled_case("h2"));
  const TimelineLayout layout = layout_timeline(session, geometry());
  for (const auto& marker : layout.markers) {
    CAPTURE(marker.event);
    CHECK(marker.movable == (marker.event == "payment"));
  }
}

// [SECTION] columns, ticks and the cursor

TEST_CASE("columns follow step order: x grows with the step index") {
  LabSession session(bundled_case("h1"), Model::naive);
  session.jump_to(2);
  const TimelineLayout layout = layout_timeline(session, geometry());
  float previous_x = 0;
  for (int step = 1; step <= session.step_count(); ++step) {
    CAPTURE(step);
    const MarkerRecord* marker = marker_at_step(layout, step);
    REQUIRE(marker != nullptr);
    CHECK(marker->event == session.trace().steps[static_cast<std::size_t>(step - 1)].event);
    CHECK(marker->x > previous_x);
    previous_x = marker->x;
  }
}

TEST_CASE("columns are one column width apart at the same time, with a gap where the time moves on") {
  const LabSession session(bundled_case("h2"));
  const TimelineGeometry g = geometry();
  const TimelineLayout layout = layout_timeline(session, g);
  CHECK(marker_at_step(layout, 1)->x == doctest::Approx(g.left + g.label_width + g.column_width * 0.5f));
  CHECK(marker_at_step(layout, 2)->x - marker_at_step(layout, 1)->x ==
        doctest::Approx(g.column_width + g.time_gap));

  const LabSession same_time(bundled_case("h1"));
  const TimelineLayout h1 = layout_timeline(same_time, g);
  CHECK(marker_at_step(h1, 2)->x - marker_at_step(h1, 1)->x == doctest::Approx(g.column_width));
}

TEST_CASE("H2 gets one tick per distinct time, 10 s to 14 s, from left to right") {
  const LabSession session = h2_running({"expiry", "payment", "expiry_dup", "payment_dup"});
  const TimelineLayout layout = layout_timeline(session, geometry());
  CHECK(tick_seconds(layout) == std::vector<std::int64_t>{10, 11, 12, 13, 14});
  for (std::size_t i = 1; i < layout.ticks.size(); ++i) CHECK(layout.ticks[i].x > layout.ticks[i - 1].x);
  CHECK(layout.ticks.front().x == doctest::Approx(marker_for(layout, "expiry").x));
  CHECK(layout.ticks.back().x == doctest::Approx(marker_for(layout, "refund_worker").x));
}

TEST_CASE("H1 runs everything at 0 s, so it has a single tick") {
  const LabSession session(bundled_case("h1"));
  const TimelineLayout layout = layout_timeline(session, geometry());
  CHECK(tick_seconds(layout) == std::vector<std::int64_t>{0});
}

TEST_CASE("pending events scheduled before the last step go after it, so the axis never goes back in time") {
  const LabSession session = h2_running({"payment", "payment_dup", "refund_worker"});
  const TimelineLayout layout = layout_timeline(session, geometry());
  CHECK(tick_seconds(layout) == std::vector<std::int64_t>{11, 13, 14});
  const float last_step_x = marker_for(layout, "refund_worker").x;
  CHECK(marker_for(layout, "expiry").kind == MarkerKind::pending);
  CHECK(marker_for(layout, "expiry").x > last_step_x);
  CHECK(marker_for(layout, "expiry_dup").x > marker_for(layout, "expiry").x);
}

TEST_CASE("the cursor line sits after the current step's column and before the next one") {
  LabSession session(bundled_case("h2"));
  for (int cursor = 0; cursor <= session.step_count(); ++cursor) {
    CAPTURE(cursor);
    session.jump_to(cursor);
    const TimelineLayout layout = layout_timeline(session, geometry());
    if (const MarkerRecord* shown = cursor == 0 ? nullptr : marker_at_step(layout, cursor))
      CHECK(layout.cursor_x > shown->x + shown->radius);
    if (const MarkerRecord* next = marker_at_step(layout, cursor + 1))
      CHECK(layout.cursor_x < next->x - next->radius);
    CHECK(layout.cursor_x >= layout.lanes.front().x0);
  }
}

// [SECTION] waiting and waking

TEST_CASE("an event waiting for a lock at the step shown is drawn as waiting") {
  LabSession session(bundled_case("h1"), Model::atomic);
  session.jump_to(2);  // A1 holds the write lock; B1 waits for it
  const TimelineLayout layout = layout_timeline(session, geometry());
  CHECK(marker_for(layout, "A1").kind == MarkerKind::done);
  CHECK(marker_for(layout, "B1").kind == MarkerKind::waiting);
  CHECK(marker_for(layout, "B1").outcome == "waiting");
  CHECK(marker_for(layout, "A2").kind == MarkerKind::planned);
}

TEST_CASE("once the lock holder commits, the woken event is drawn as done") {
  LabSession session(bundled_case("h1"), Model::atomic);
  session.jump_to(3);
  const TimelineLayout layout = layout_timeline(session, geometry());
  CHECK(marker_for(layout, "B1").kind == MarkerKind::done);
  CHECK(marker_for(layout, "A2").kind == MarkerKind::current);
}

TEST_CASE("a commit that wakes a waiter draws an arrow from its column to the woken actor's lane") {
  LabSession session(bundled_case("h1"), Model::atomic);
  session.jump_to(3);  // A2 commits and wakes B, which is rejected
  const TimelineLayout layout = layout_timeline(session, geometry());
  REQUIRE(layout.arrows.size() == 1);
  const ArrowRecord& arrow = layout.arrows[0];
  CHECK(arrow.step == 3);
  CHECK(arrow.woken_actor == "B");
  CHECK(arrow.x0 == doctest::Approx(marker_for(layout, "A2").x));
  CHECK(arrow.x1 == doctest::Approx(arrow.x0));
  CHECK(arrow.y0 == doctest::Approx(lane_for(layout, "A").y));
  CHECK(arrow.y1 == doctest::Approx(lane_for(layout, "B").y));
}

TEST_CASE("no wake-up arrow is drawn while the step shown is before the commit") {
  LabSession session(bundled_case("h1"), Model::atomic);
  session.jump_to(2);
  CHECK(layout_timeline(session, geometry()).arrows.empty());
}

TEST_CASE("events the atomic model could not reach are pending after the steps that ran") {
  LabSession session(h1_with_waiting_preset(), Model::atomic);
  REQUIRE(session.choose_preset("b-skips-ahead").empty());
  session.jump_to(session.step_count());
  REQUIRE(session.step_count() == 2);
  const TimelineLayout layout = layout_timeline(session, geometry());
  CHECK(marker_for(layout, "A1").kind == MarkerKind::done);
  CHECK(marker_for(layout, "B1").kind == MarkerKind::waiting);
  CHECK(marker_for(layout, "A2").kind == MarkerKind::pending);
  CHECK(marker_for(layout, "B2").kind == MarkerKind::pending);
  CHECK(marker_for(layout, "A2").x > marker_for(layout, "B1").x);
  CHECK(marker_for(layout, "B2").x > marker_for(layout, "A2").x);  // same time: file order
}

// [SECTION] predict mode

TEST_CASE("hidden_from leaves out the outcomes and wake-up arrows of that step and later") {
  LabSession session(bundled_case("h1"), Model::atomic);
  session.jump_to(4);
  const TimelineLayout hidden = layout_timeline(session, geometry(), 3);
  CHECK(marker_for(hidden, "A1").outcome == "decremented");
  CHECK(marker_for(hidden, "B1").outcome == "waiting");
  CHECK(marker_for(hidden, "A2").outcome.empty());
  CHECK(marker_for(hidden, "B2").outcome.empty());
  CHECK(hidden.arrows.empty());
  CHECK(marker_for(hidden, "A2").kind == MarkerKind::done);  // the step still ran; only its result is hidden
}

TEST_CASE("hidden_from 0 hides nothing") {
  LabSession session(bundled_case("h1"), Model::atomic);
  session.jump_to(4);
  const TimelineLayout shown = layout_timeline(session, geometry(), 0);
  CHECK(marker_for(shown, "A2").outcome == "accepted");
  CHECK(marker_for(shown, "B2").outcome == "noop");
  CHECK(shown.arrows.size() == 1);
}

// In predict mode a hidden step that waits must not be drawn as waiting: that is the answer.
TEST_CASE("a hidden step does not give its result away by being drawn as waiting") {
  LabSession session(bundled_case("h1"), Model::atomic);
  session.jump_to(2);
  const TimelineLayout layout = layout_timeline(session, geometry(), 2);
  CHECK(marker_for(layout, "B1").outcome.empty());
  CHECK(marker_for(layout, "B1").kind == MarkerKind::current);
}

// [SECTION] hit testing

TEST_CASE("marker_at finds the marker under a point, including just outside its rim") {
  const LabSession session(bundled_case("h2"));
  const TimelineLayout layout = layout_timeline(session, geometry());
  const MarkerRecord& payment = marker_for(layout, "payment");
  CHECK(layout.marker_at(payment.x, payment.y) == &payment);
  CHECK(layout.marker_at(payment.x + payment.radius + 2, payment.y) == &payment);
  CHECK(layout.marker_at(payment.x, payment.y - payment.radius) == &payment);
}

TEST_CASE("marker_at returns nothing away from the markers") {
  const LabSession session(bundled_case("h2"));
  const TimelineGeometry g = geometry();
  const TimelineLayout layout = layout_timeline(session, g);
  const MarkerRecord& payment = marker_for(layout, "payment");
  CHECK(layout.marker_at(payment.x, payment.y + g.lane_height * 0.5f) == nullptr);   // between lanes
  CHECK(layout.marker_at(payment.x + g.column_width * 0.5f, payment.y) == nullptr);  // between columns
  CHECK(layout.marker_at(g.left, g.top) == nullptr);                                 // the corner
  CHECK(layout.marker_at(-1000, -1000) == nullptr);
}
