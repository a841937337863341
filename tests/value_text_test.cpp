#include <doctest/doctest.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "core/sim/message.hpp"
#include "core/sim/text.hpp"
#include "core/sim/value.hpp"

using namespace reslab;

namespace {

// Sets the locale variables for one test and restores them afterwards.
class LocaleEnvironment {
 public:
  LocaleEnvironment(const char* lc_all, const char* lc_messages, const char* lang) {
    for (const char* name : kNames) {
      const char* value = std::getenv(name);
      m_saved.emplace_back(name, value ? std::optional<std::string>(value) : std::nullopt);
    }
    set("LC_ALL", lc_all);
    set("LC_MESSAGES", lc_messages);
    set("LANG", lang);
  }
  ~LocaleEnvironment() {
    for (const auto& [name, value] : m_saved) set(name, value ? value->c_str() : nullptr);
  }

 private:
  static void set(const char* name, const char* value) {
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  static constexpr const char* kNames[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
  std::vector<std::pair<const char*, std::optional<std::string>>> m_saved;
};

}  // namespace

TEST_CASE("values display as SQLite shows them") {
  CHECK(to_display(Value{}) == "NULL");
  CHECK(to_display(Value{std::int64_t{-3}}) == "-3");
  CHECK(to_display(Value{10.5}) == "10.5");
  CHECK(to_display(Value{std::string("HOLD_EXPIRED")}) == "HOLD_EXPIRED");
  CHECK(as_int(Value{std::string("x")}, 7) == 7);
  CHECK(as_int(Value{std::int64_t{42}}) == 42);
}

TEST_CASE("the language comes from LC_ALL, then LC_MESSAGES, then LANG, and is English otherwise") {
  {
    LocaleEnvironment env(nullptr, nullptr, "zh_CN.UTF-8");
    CHECK(lang_from_environment() == Lang::zh);
  }
  {
    LocaleEnvironment env("C", nullptr, "zh_CN.UTF-8");
    CHECK(lang_from_environment() == Lang::en);
  }
  {
    LocaleEnvironment env(nullptr, "zh_TW", "en_US.UTF-8");
    CHECK(lang_from_environment() == Lang::zh);
  }
  {
    LocaleEnvironment env(nullptr, nullptr, nullptr);
    CHECK(lang_from_environment() == Lang::en);
  }
}

TEST_CASE("language codes parse in their usual spellings") {
  Lang lang = Lang::en;
  CHECK(parse_lang("zh-CN", lang));
  CHECK(lang == Lang::zh);
  CHECK(parse_lang("en", lang));
  CHECK(lang == Lang::en);
  CHECK_FALSE(parse_lang("fr", lang));
}

TEST_CASE("messages fill their placeholders in either language") {
  const Message message{"engine.resolved", {{"actor", "B"}, {"outcome", "@outcome.rejected"}, {"step", "3"}}};
  CHECK(render(message, Lang::en) == "Nothing to do: B was already rejected at step 3.");
  CHECK(render(message, Lang::zh) == "无需处理：B 已在第 3 步有了结果（拒绝）。");
  CHECK(fill_placeholders("{a} and {unknown}", {{"a", "x"}}) == "x and {unknown}");
}
