#include "app/text/ui_text.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "tests/scratch_dir.hpp"

using namespace reslab;
using reslab::test::ScratchDir;
namespace fs = std::filesystem;

namespace {

const std::string kBundledStrings = std::string(RESLAB_ASSET_DIR) + "/strings";

// A folder with an en.toml and a zh.toml written by the test, removed at the end.
class StringsDir : public ScratchDir {
 public:
  StringsDir(const std::string& en, const std::string& zh) {
    std::ofstream(file("en.toml"), std::ios::binary) << en;
    std::ofstream(file("zh.toml"), std::ios::binary) << zh;
  }
};

// The "{name}" placeholders of a text, so a translation cannot drop or rename one.
std::set<std::string> placeholders(const std::string& text) {
  std::set<std::string> names;
  for (std::size_t open = text.find('{'); open != std::string::npos; open = text.find('{', open + 1)) {
    const std::size_t close = text.find('}', open);
    if (close == std::string::npos) break;
    names.insert(text.substr(open + 1, close - open - 1));
  }
  return names;
}

}  // namespace

TEST_CASE("the bundled string tables load without errors") {
  UiText text;
  CHECK(text.load(kBundledStrings) == "");
  CHECK(text.get(Lang::en, "app.title") == "reslab");
}

TEST_CASE("the bundled English and Chinese tables have the same keys") {
  UiText text;
  REQUIRE(text.load(kBundledStrings) == "");
  CHECK(text.keys_missing_in(Lang::zh) == std::vector<std::string>{});
  CHECK(text.keys_missing_in(Lang::en) == std::vector<std::string>{});
}

TEST_CASE("every bundled text has the same placeholders in both languages") {
  UiText text;
  REQUIRE(text.load(kBundledStrings) == "");
  // UiText lists keys only as differences, so pair the English table with an empty one to get them all.
  std::ifstream english(kBundledStrings + "/en.toml", std::ios::binary);
  const std::string english_text((std::istreambuf_iterator<char>(english)), std::istreambuf_iterator<char>());
  StringsDir english_only(english_text, "");
  UiText keys;
  REQUIRE(keys.load(english_only.path()) == "");
  const std::vector<std::string> all_keys = keys.keys_missing_in(Lang::zh);
  CHECK(!all_keys.empty());
  for (const std::string& key : all_keys) {
    CAPTURE(key);
    CHECK(placeholders(text.get(Lang::zh, key)) == placeholders(text.get(Lang::en, key)));
  }
}

TEST_CASE("a section header is the prefix of the keys under it") {
  StringsDir dir("[controls]\nnext = \"Next\"\n[status.bar]\nready = \"Ready\"\n",
                 "controls.next = \"下一步\"\nstatus.bar.ready = \"就绪\"\n");
  UiText text;
  REQUIRE(text.load(dir.path()) == "");
  CHECK(text.get(Lang::en, "controls.next") == "Next");
  CHECK(text.get(Lang::zh, "controls.next") == "下一步");
  CHECK(text.get(Lang::en, "status.bar.ready") == "Ready");
  CHECK(text.keys_missing_in(Lang::zh).empty());
}

TEST_CASE("a key missing in Chinese falls back to English") {
  StringsDir dir("menu.quit = \"Quit\"\n", "");
  UiText text;
  REQUIRE(text.load(dir.path()) == "");
  CHECK(text.get(Lang::zh, "menu.quit") == "Quit");
  CHECK(text.keys_missing_in(Lang::zh) == std::vector<std::string>{"menu.quit"});
}

TEST_CASE("an empty Chinese text falls back to English") {
  StringsDir dir("menu.quit = \"Quit\"\n", "menu.quit = \"\"\n");
  UiText text;
  REQUIRE(text.load(dir.path()) == "");
  CHECK(text.get(Lang::zh, "menu.quit") == "Quit");
}

TEST_CASE("a key missing in both languages shows as the key itself") {
  UiText text;
  REQUIRE(text.load(kBundledStrings) == "");
  CHECK(text.get(Lang::zh, "no.such.key") == "no.such.key");
  // The same reference every time, so a caller may keep it for the frame.
  CHECK(&text.get(Lang::en, "no.such.key") == &text.get(Lang::zh, "no.such.key"));
}

TEST_CASE("format fills the named placeholders in the chosen language") {
  StringsDir dir("status.step = \"Step {current} of {total}\"\n",
                 "status.step = \"第 {current} 步，共 {total} 步\"\n");
  UiText text;
  REQUIRE(text.load(dir.path()) == "");
  const std::vector<std::pair<std::string, std::string>> args = {{"current", "3"}, {"total", "8"}};
  CHECK(text.format(Lang::en, "status.step", args) == "Step 3 of 8");
  CHECK(text.format(Lang::zh, "status.step", args) == "第 3 步，共 8 步");
  CHECK(text.format(Lang::en, "status.step", {{"current", "3"}}) == "Step 3 of {total}");
}

TEST_CASE("a broken TOML file is reported as file:line:col and a message") {
  StringsDir dir("app.title = \"reslab\"\n\ncontrols.next = \n", "app.title = \"reslab\"\n");
  UiText text;
  const std::string problem = text.load(dir.path());
  CAPTURE(problem);
  // Column 17 is the line break where the value should have been.
  CHECK(problem.rfind(dir.file("en.toml") + ":3:17: ", 0) == 0);
  CHECK(problem.find('\n') == std::string::npos);  // zh.toml loaded; only one line
  CHECK(text.get(Lang::zh, "app.title") == "reslab");
}

TEST_CASE("a text that is not a string is reported at its position") {
  StringsDir dir("[controls]\nnext = 3\n", "");
  UiText text;
  const std::string problem = text.load(dir.path());
  CHECK(problem == dir.file("en.toml") + ":2:8: 'controls.next' must be a string");
}

TEST_CASE("a key written twice through a quoted dotted name is reported") {
  StringsDir dir("\"controls.next\" = \"Next\"\n[controls]\nnext = \"Next\"\n", "");
  UiText text;
  CHECK(text.load(dir.path()).find("'controls.next' is defined twice") != std::string::npos);
}

TEST_CASE("a table that fails to load keeps the one loaded before") {
  UiText text;
  REQUIRE(text.load(kBundledStrings) == "");
  StringsDir broken("app.title = [\n", "app.title = [\n");
  const std::string problem = text.load(broken.path());
  CHECK(problem.find(broken.file("en.toml")) != std::string::npos);
  CHECK(problem.find(broken.file("zh.toml")) != std::string::npos);
  CHECK(text.get(Lang::en, "app.title") == "reslab");
}

TEST_CASE("a missing folder reports both files and leaves the keys showing") {
  UiText text;
  const std::string problem = text.load("/nonexistent/reslab/strings");
  CHECK(problem.find("/nonexistent/reslab/strings/en.toml: ") == 0);
  CHECK(problem.find("\n/nonexistent/reslab/strings/zh.toml: ") != std::string::npos);
  CHECK(text.get(Lang::en, "app.title") == "app.title");
}

TEST_CASE("all strings holds the texts of both languages for the font atlas") {
  StringsDir dir("controls.next = \"Next\"\n", "controls.next = \"下一步\"\n");
  UiText text;
  REQUIRE(text.load(dir.path()) == "");
  const auto strings = text.all_strings();
  CHECK(std::find(strings.begin(), strings.end(), "Next") != strings.end());
  CHECK(std::find(strings.begin(), strings.end(), "下一步") != strings.end());
}
