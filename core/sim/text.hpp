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
// Language from LC_ALL / LC_MESSAGES / LANG; English when the locale says nothing.
Lang lang_from_environment();

}  // namespace reslab
