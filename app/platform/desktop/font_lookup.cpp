#include "app/platform/font_lookup.hpp"

#include <fontconfig/fontconfig.h>

#include <memory>
#include <string_view>

namespace reslab {
namespace {

struct PatternDeleter {
  void operator()(FcPattern* pattern) const { FcPatternDestroy(pattern); }
};
using Pattern = std::unique_ptr<FcPattern, PatternDeleter>;

// Family names compare as fontconfig compares them, ignoring ASCII case and spaces, so
// "noto sans cjk sc" finds "Noto Sans CJK SC" here as it does with fc-match.
std::string family_key(std::string_view name) {
  std::string key;
  for (const char c : name) {
    if (c == ' ') continue;
    key += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return key;
}

bool has_family(const FcPattern& font, const std::string& family) {
  const std::string wanted = family_key(family);
  FcChar8* name = nullptr;
  for (int i = 0; FcPatternGetString(&font, FC_FAMILY, i, &name) == FcResultMatch; ++i) {
    if (family_key(reinterpret_cast<const char*>(name)) == wanted) return true;
  }
  return false;
}

}  // namespace

std::optional<FontFile> find_font(const std::string& family) {
  if (family.empty()) return std::nullopt;
  Pattern pattern(FcPatternCreate());
  if (!pattern) return std::nullopt;
  FcPatternAddString(pattern.get(), FC_FAMILY, reinterpret_cast<const FcChar8*>(family.c_str()));
  // A null config is the current one, which fontconfig loads on first use.
  FcConfigSubstitute(nullptr, pattern.get(), FcMatchPattern);
  FcDefaultSubstitute(pattern.get());
  FcResult result = FcResultNoMatch;
  const Pattern match(FcFontMatch(nullptr, pattern.get(), &result));
  if (!match || result != FcResultMatch || !has_family(*match, family)) return std::nullopt;

  FcChar8* file = nullptr;
  if (FcPatternGetString(match.get(), FC_FILE, 0, &file) != FcResultMatch || !file) return std::nullopt;
  FontFile found;
  found.path = reinterpret_cast<const char*>(file);
  if (FcPatternGetInteger(match.get(), FC_INDEX, 0, &found.index) != FcResultMatch) found.index = 0;
  return found;
}

}  // namespace reslab
