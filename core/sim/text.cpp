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

// The code point that ends just before `end` (UTF-8), or 0.
char32_t code_point_before(std::string_view text, std::size_t end) {
  std::size_t begin = end;
  while (begin > 0 && (static_cast<unsigned char>(text[begin - 1]) & 0xC0) == 0x80) --begin;
  if (begin == 0) return 0;
  --begin;
  return end - begin == 3 ? static_cast<char32_t>(((text[begin] & 0x0F) << 12) |
                                                  ((text[begin + 1] & 0x3F) << 6) | (text[begin + 2] & 0x3F))
                          : 0;
}

// The code point that starts at `begin` (UTF-8), or 0.
char32_t code_point_at(std::string_view text, std::size_t begin) {
  if (begin + 3 > text.size() || (static_cast<unsigned char>(text[begin]) & 0xF0) != 0xE0) return 0;
  return static_cast<char32_t>(((text[begin] & 0x0F) << 12) | ((text[begin + 1] & 0x3F) << 6) |
                               (text[begin + 2] & 0x3F));
}

}  // namespace

bool is_cjk(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3000 && c <= 0x303F) || (c >= 0xFF00 && c <= 0xFFEF) ||
         c == 0x201C || c == 0x201D;  // “ ”
}

std::string without_spaces_between_cjk(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == ' ' && is_cjk(code_point_before(text, i)) && is_cjk(code_point_at(text, i + 1))) continue;
    out += text[i];
  }
  return out;
}

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
