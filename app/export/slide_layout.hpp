#pragma once
// How the window shares its space so that a slide never hides what changed. The layout starts from
// its defaults whenever what is shown changes (the step, the model, the size, the language, zoom);
// after each frame it reads what the panels recorded as must-show (app/export/visibility.hpp) and, where
// something was clipped, gives way for the next frame: in the middle column unchanged tables fold to
// one line, then unchanged rows of changed tables, then the timeline's lanes close up; on the right
// the column of the explanation and the SQL widens (never into the room the changed tables need; the
// controls' column keeps its width, so its buttons never move), then
// an explanation's general background (the same in every run) folds to one line, then the
// discussion questions do (never before the first step), and where the tables leave room the SQL moves under
// them. The frame settler draws until this stops changing. Text never shrinks to make things fit.
#include <cstdint>
#include <string>
#include <vector>

#include "app/export/visibility.hpp"

namespace reslab {

// What a frame measured while drawing, for the next frame's layout.
struct SlideMeasures {
  float why_height = 0;             // the explanation panel's height, to show it whole
  float timeline_height = 0;        // the timeline panel's height, to show every lane and the axis
  float tables_width = 0;           // the widest changed table's natural width (unwrapped); with open
                                    // transactions, the sum over the side-by-side views
  std::vector<float> view_widths;   // with open transactions, each view's widest changed table
  std::vector<float> view_natural;  // and each view's widest table, changed or not
  float widest_table = 0;           // the widest table drawn so far in the view being drawn
  float tables_height = 0;          // the tables panel down to its last table (the trace below may scroll)
  float sql_height = 0;             // the SQL panel's height, to show every statement
  float middle_room = 0;            // what the middle column leaves under its tables
  bool has_background = false;      // the explanation has background that could fold
  bool questions_foldable = false;  // the questions are shown and may fold at this step
  bool title_abbreviated =
      false;  // the top bar shows the case's short name: the controls head with the title

  bool operator==(const SlideMeasures&) const = default;
};

struct SlideLayout {
  std::string key;                     // what is shown; a new key starts from the defaults
  float right_share = kRightShare;     // of the window's width, for the explanation and the SQL
  bool fold_unchanged_tables = false;  // an unchanged table is one line ("holds (2 rows)")
  bool fold_unchanged_rows = false;    // a changed table shows only its changed rows and counts the rest
  bool compact_timeline = false;       // lanes closer together, the step label left to the controls
  bool fold_background = false;        // an explanation's background is one line, whole on hover
  bool fold_questions = false;         // after step 0, the discussion questions are one line, whole on hover
  bool sql_in_middle = false;          // the SQL sits under the tables, in the room they leave
  bool squeeze_tables = false;         // the explanation's column may take room from the tables (they wrap)
  int adjustments = 0;                 // times this key gave way, a bound against oscillation

  SlideMeasures measured;           // by the last frame
  mutable SlideMeasures measuring;  // by this frame, as the panels draw

  static constexpr float kRightShare = 0.26f;
  static constexpr float kMaxRightShare = 0.5f;
  static constexpr int kMaxAdjustments = 8;
};

// The widths of `views` side-by-side views (committed | each open transaction), from what the last
// frame measured: `changed[i]`, view i's widest changed table, and `natural[i]`, its widest table. All at
// their natural width when they fit in `room` (what is left is shared in that proportion); short of
// room, every view keeps what changed in it and the room left goes to what the views lack in proportion,
// so a view that changed nothing gives way first. Never under `least` (a view that showed no table at
// all, as a waiting transaction's: 0.6 of it); a view not measured yet counts as `least`.
std::vector<float> view_shares(const std::vector<float>& changed, const std::vector<float>& natural,
                               std::size_t views, float least, float room);

// The decisions and measurements a frame took for the next one, as one number: a frame that drew the
// same as the one before but decided otherwise has not settled.
std::uint64_t slide_layout_digest(const SlideLayout& layout);

// Starts over when `key` differs from the layout's (measurements are kept: the next frame redoes them).
void reset_slide_layout(SlideLayout& layout, const std::string& key);
// Before a frame draws: clears what it will measure.
void begin_slide_frame(const SlideLayout& layout);
// After a frame: keeps its measurements and gives way where something was clipped. Returns whether
// the layout changed.
bool adapt_slide_layout(SlideLayout& layout, const std::vector<VisibleItem>& shown);

}  // namespace reslab
