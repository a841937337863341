// The page's fonts are bundled with it (scripts/web subsets Noto Sans CJK SC and its mono sibling to
// the characters the app shows): no fontconfig in a browser.
#include <filesystem>

#include "app/platform/font_lookup.hpp"

namespace reslab {

std::optional<FontFile> find_font(const std::string& family) {
  std::string path;
  if (family == "Noto Sans CJK SC") path = "/reslab/fonts/sans.otf";
  if (family == "Noto Sans Mono CJK SC") path = "/reslab/fonts/mono.otf";
  std::error_code error;
  if (path.empty() || !std::filesystem::is_regular_file(path, error)) return std::nullopt;
  return FontFile{path, 0};
}

}  // namespace reslab
