#include "app/export/slide_layout.hpp"

#include <algorithm>
#include <cmath>

#include "core/sim/hash.hpp"

namespace reslab {
namespace {

// Which column an item sits in, by what it is.
bool in_right_column(const std::string& what) {
  return what.starts_with("sql ") || what == "explanation" || what == "questions";
}
bool in_middle_column(const std::string& what) {
  return what.starts_with("table ") || what.starts_with("row ") || what.starts_with("removed row ");
}

void mix(Fnv1a64& hash, float value) {
  hash.bytes({reinterpret_cast<const char*>(&value), sizeof value});
}

// One step of give in the middle column: what did not change first.
bool give_in_middle(SlideLayout& layout) {
  for (bool* flag : {&layout.fold_unchanged_tables, &layout.fold_unchanged_rows, &layout.compact_timeline}) {
    if (*flag) continue;
    *flag = true;
    return true;
  }
  return false;
}

// One step of give in the right column. A notch that would change nothing at this step is skipped.
bool give_on_right(SlideLayout& layout) {
  if (layout.right_share < SlideLayout::kMaxRightShare) {
    layout.right_share = SlideLayout::kMaxRightShare;  // the window caps it by the tables' room
    return true;
  }
  if (!layout.fold_background && layout.measured.has_background) {
    layout.fold_background = true;
    return true;
  }
  if (!layout.fold_questions && layout.measured.questions_foldable) {
    layout.fold_questions = true;
    return true;
  }
  // Last, the SQL moves under the tables if they leave it room, the middle column giving way to make it.
  if (layout.sql_in_middle) return false;
  if (layout.measured.middle_room >= layout.measured.sql_height) {
    layout.sql_in_middle = true;
    return true;
  }
  if (give_in_middle(layout)) return true;
  // Last of all the changed tables give up some width, if they have height to spare: their cells wrap,
  // every row still shows.
  if (!layout.squeeze_tables && layout.measured.middle_room > layout.measured.tables_height * 0.3f) {
    layout.squeeze_tables = true;
    return true;
  }
  return false;
}

}  // namespace

std::vector<float> view_shares(const std::vector<float>& changed, const std::vector<float>& natural,
                               std::size_t views, float least, float room) {
  // A view measured with no table at all (a waiting transaction's, which cannot be read) holds one short
  // note: it needs less than a table.
  const auto floor_of = [&](std::size_t i) {
    return i < natural.size() && natural[i] <= 0 ? least * 0.6f : least;
  };
  const auto at = [&](const std::vector<float>& widths, std::size_t i) {
    return std::max(floor_of(i), i < widths.size() ? widths[i] : least);
  };
  std::vector<float> must(views);
  std::vector<float> need(views);
  float must_total = 0;
  float need_total = 0;
  for (std::size_t i = 0; i < views; ++i) {
    need[i] = at(natural, i);
    must[i] = std::min(need[i], at(changed, i));
    must_total += must[i];
    need_total += need[i];
  }
  if (need_total <= room || need_total <= must_total) return need;
  // Short of room: what changed first, then what is missing shared out.
  const float left = std::max(0.0f, room - must_total);
  std::vector<float> shares(views);
  for (std::size_t i = 0; i < views; ++i)
    shares[i] = must[i] + left * (need[i] - must[i]) / (need_total - must_total);
  return shares;
}

std::uint64_t slide_layout_digest(const SlideLayout& layout) {
  Fnv1a64 hash;
  hash.field(layout.key);
  for (float value : {layout.right_share, layout.measured.why_height, layout.measured.timeline_height,
                      layout.measured.tables_width, layout.measured.tables_height, layout.measured.sql_height,
                      layout.measured.middle_room})
    mix(hash, value);
  for (bool flag :
       {layout.fold_unchanged_tables, layout.fold_unchanged_rows, layout.compact_timeline,
        layout.fold_background, layout.fold_questions, layout.sql_in_middle, layout.squeeze_tables,
        layout.measured.has_background, layout.measured.questions_foldable})
    hash.number(flag ? 1 : 0);
  return hash.value();
}

void reset_slide_layout(SlideLayout& layout, const std::string& key) {
  if (layout.key == key) return;
  const SlideMeasures measured = layout.measured;
  layout = SlideLayout{};
  layout.key = key;
  layout.measured = measured;
}

void begin_slide_frame(const SlideLayout& layout) {
  layout.measuring = SlideMeasures{};
}

bool adapt_slide_layout(SlideLayout& layout, const std::vector<VisibleItem>& shown) {
  // Measurements within half a pixel are the same: a layout must be able to settle.
  const auto near = [](float a, float b) { return std::abs(a - b) <= 0.5f; };
  SlideMeasures now = layout.measuring;
  if (near(now.why_height, layout.measured.why_height)) now.why_height = layout.measured.why_height;
  if (near(now.timeline_height, layout.measured.timeline_height))
    now.timeline_height = layout.measured.timeline_height;
  for (auto [fresh, last] : {std::pair{&now.tables_width, layout.measured.tables_width},
                             std::pair{&now.tables_height, layout.measured.tables_height},
                             std::pair{&now.sql_height, layout.measured.sql_height},
                             std::pair{&now.middle_room, layout.measured.middle_room}})
    if (near(*fresh, last)) *fresh = last;
  const bool changed = !(now == layout.measured);
  layout.measured = now;
  // Give way only on a frame laid out from its own measurements: while they still move, what looks
  // clipped may be a frame in between.
  if (changed || layout.adjustments >= SlideLayout::kMaxAdjustments) return changed;
  bool right = false, middle = false;
  for (const auto& item : shown) {
    if (item.shown()) continue;
    right = right || in_right_column(item.what);
    middle = middle || in_middle_column(item.what);
  }
  bool gave = false;
  if (middle) gave = give_in_middle(layout) || gave;
  if (right) gave = give_on_right(layout) || gave;
  if (gave) ++layout.adjustments;
  return gave;
}

}  // namespace reslab
