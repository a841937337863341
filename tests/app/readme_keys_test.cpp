// The README's table of keys is the app's own list: every shortcut in it, with the words the
// keys list (`?`) shows in English, and no row for a key the app does not have.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "app/session/keyboard.hpp"
#include "app/text/ui_text.hpp"

using namespace reslab;

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The rows of the README table whose header is "| key | does |": "keys | does".
std::set<std::string> readme_key_rows(const std::string& readme) {
  std::set<std::string> rows;
  std::size_t at = readme.find("| key | does |");
  if (at == std::string::npos) return rows;
  at = readme.find('\n', readme.find('\n', at) + 1) + 1;  // past the header and its |---| line
  while (at < readme.size() && readme[at] == '|') {
    const std::size_t end = readme.find('\n', at);
    rows.insert(readme.substr(at, end - at));
    at = end == std::string::npos ? readme.size() : end + 1;
  }
  return rows;
}

}  // namespace

TEST_CASE("the README's keys table lists every shortcut with the keys list's own words, and nothing else") {
  UiText text;
  REQUIRE(text.load(std::string(RESLAB_ASSET_DIR) + "/strings").empty());
  const std::set<std::string> rows = readme_key_rows(read_file(RESLAB_README));
  REQUIRE_FALSE(rows.empty());
  std::set<std::string> expected;
  for (const Shortcut& shortcut : shortcuts())
    expected.insert("| " + std::string(shortcut.keys) + " | " + text.get(Lang::en, shortcut.description) +
                    " |");
  for (const std::string& row : expected) CHECK_MESSAGE(rows.count(row) == 1, "README lacks: " << row);
  for (const std::string& row : rows)
    CHECK_MESSAGE(expected.count(row) == 1, "README has a stale row: " << row);
}
