#include "core/sim/text.hpp"

#include <cstdlib>

namespace reslab {
namespace {

char ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// The language part of a code or locale name: "zh" in "zh_CN.UTF-8", "en" in "en-US".
std::string language_part(std::string_view code) {
  std::string language;
  for (char c : code) {
    if (c == '_' || c == '-' || c == '.' || c == '@') break;
    language += ascii_lower(c);
  }
  return language;
}

}  // namespace

std::string_view lang_code(Lang lang) {
  return lang == Lang::zh ? "zh" : "en";
}

bool parse_lang(std::string_view code, Lang& out) {
  const std::string language = language_part(code);
  if (language == "en") {
    out = Lang::en;
    return true;
  }
  if (language == "zh") {
    out = Lang::zh;
    return true;
  }
  return false;
}

Lang lang_from_environment() {
  // POSIX precedence: the first non-empty variable decides, even when it names another language.
  for (const char* variable : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(variable);
    if (value == nullptr || *value == '\0') continue;
    Lang lang = Lang::en;
    return parse_lang(value, lang) ? lang : Lang::en;
  }
  return Lang::en;
}

}  // namespace reslab
