// The top bar on narrow windows: the scenario picker gives up room first, then the bar wraps between its
// groups instead of losing its last buttons past the window's edge (at 1366 px it used to cut off "More"
// and "Keys").
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "gui_driver.hpp"
#include "tests/app/app_test_support.hpp"

namespace reslab {
namespace {

using testing::GuiDriver;

const ItemRecord* drawn(const std::string& label) {
  for (const ItemRecord& item : frame_items())
    if (item.label == label) return &item;
  return nullptr;
}

struct Bar {
  const char* lang;
  std::vector<std::string> last_buttons;  // the bar's end, where a narrow window cut it off
};

}  // namespace

TEST_CASE(
    "on a narrow window the top bar makes room, then wraps between groups: every button stays inside the window") {
  for (const Bar& bar : {Bar{"en", {"Screenshot", "More", "Keys (?)", "A+", "English"}},
                         Bar{"zh", {"截图", "更多", "快捷键 (?)", "A+", "English"}}}) {
    for (const float width : {1920.0f, 1366.0f, 1024.0f}) {
      CAPTURE(bar.lang);
      CAPTURE(width);
      Settings settings;
      settings.lang = bar.lang;
      GuiDriver gui("h1", settings);
      gui.resize(width, 768);
      gui.settle();
      const ItemRecord* sqlite = drawn("SQLite");
      REQUIRE(sqlite);
      for (const auto& label : bar.last_buttons) {
        CAPTURE(label);
        const ItemRecord* item = drawn(label);
        REQUIRE(item);
        CHECK(item->max.x <= width);
        CHECK(item->min.x >= 0);
      }
      const ItemRecord* help = drawn(bar.last_buttons[2]);
      // At 1366 px and wider it is one line (the scenario picker gives up room first, down to the case's
      // short name, and the wrap is not taken where it is not needed); at 1024 px it takes two: the
      // picker and the groups at the right edge, then the model and mode groups.
      if (width >= 1366.0f) CHECK(help->min.y == sqlite->min.y);
      if (width == 1024.0f) CHECK(help->max.y < sqlite->min.y);
    }
  }
}

}  // namespace reslab
