#pragma once
// The desktop app's own words (menus, buttons, status lines) in both languages, read from
// assets/strings/<lang>.toml so that translating is editing data, not code. The engine's explanations
// are not here: core compiles them in (core/messages_*.cpp) so the command line needs no files.
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/sim/text.hpp"

namespace reslab {

// Not thread-safe: get() remembers missing keys. The UI thread owns it.
class UiText {
 public:
  // Reads en.toml and zh.toml from `strings_dir` (.../assets/strings). Returns empty on success, else
  // one "file:line:col: message" line per file that failed; a file that failed keeps its previous
  // table (empty on the first load) so the caller can show the message and carry on.
  std::string load(const std::string& strings_dir);
  // load() from the first assets folder that has the tables (see find_asset), or a message saying
  // none was found.
  std::string load_installed();

  // The text of `key`; a missing or empty Chinese text falls back to English, a key missing in both
  // is its own text, so it shows on screen instead of crashing. Valid until the next load().
  const std::string& get(Lang lang, std::string_view key) const;

  // get() with "{name}" placeholders filled; unknown placeholders stay as written.
  std::string format(Lang lang, std::string_view key,
                     const std::vector<std::pair<std::string, std::string>>& args) const;

  // Every text of both tables, so the font atlas can hold exactly the glyphs in use.
  std::vector<std::string> all_strings() const;

  // Keys the other language has and `lang` lacks, sorted.
  std::vector<std::string> keys_missing_in(Lang lang) const;

 private:
  using Table = std::map<std::string, std::string, std::less<>>;

  Table m_en;
  Table m_zh;
  mutable Table m_missing;  // key -> key, so get() can return a reference for a key found nowhere
};

}  // namespace reslab
