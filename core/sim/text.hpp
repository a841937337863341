#pragma once
// Bilingual text: every user-visible string exists in Simplified Chinese and English.
#include <string>
#include <string_view>

namespace reslab {

enum class Lang { en, zh };

struct LocalizedText {
  std::string en;
  std::string zh;
  const std::string& in(Lang lang) const { return lang == Lang::zh && !zh.empty() ? zh : en; }
  bool empty() const { return en.empty() && zh.empty(); }
};

std::string_view lang_code(Lang lang);              // "en" or "zh"
bool parse_lang(std::string_view code, Lang& out);  // accepts en, zh, zh-CN, zh_CN...
// Chinese sets no space between two Chinese characters or marks: a text filled in from parts ("{actor}
// 释放预留" with the actor 过期任务) loses the ASCII spaces that would stand between two of them.
std::string without_spaces_between_cjk(std::string_view text);
bool is_cjk(char32_t code_point);
// Language from LC_ALL / LC_MESSAGES / LANG; English when the locale says nothing.
Lang lang_from_environment();

}  // namespace reslab
