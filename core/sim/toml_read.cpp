#include "core/sim/toml_read.hpp"

#include <algorithm>

#include "core/sim/scenario_limits.hpp"
#include "core/sim/toml_syntax_errors.hpp"

namespace reslab::toml_read {
namespace {

constexpr std::size_t kMaxQuotedBytes = 64;

bool is_utf8_continuation(unsigned char c) {
  return (c & 0xC0) == 0x80;
}

// Edit distance, to suggest the key the author probably meant.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> previous(b.size() + 1), current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
    }
    std::swap(previous, current);
  }
  return previous[b.size()];
}

// A known key close enough to be a typo of `word`, or empty.
std::string_view likely_meant(std::string_view word, std::initializer_list<std::string_view> known) {
  if (word.size() > kMaxQuotedBytes) return {};
  std::string_view best;
  std::size_t best_distance = 3;  // more than two edits is a different word, not a typo
  for (std::string_view candidate : known) {
    const std::size_t distance = edit_distance(word, candidate);
    if (distance < best_distance && distance < candidate.size()) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

}  // namespace

SourcePos position_of(const toml::source_region& region) {
  SourcePos pos;
  if (region.path) pos.file = *region.path;
  pos.line = static_cast<int>(region.begin.line);
  pos.column = static_cast<int>(region.begin.column);
  return pos;
}

void fail_at(const toml::source_region& region, const std::string& message) {
  throw ScenarioError(position_of(region), message);
}

void fail_at(const toml::source_region& region, LocalizedText message) {
  throw ScenarioError(position_of(region), std::move(message));
}

void fail_too_large(const std::string& source_name) {
  throw ScenarioError(
      SourcePos{source_name, 1, 1},
      "the file is larger than the limit of " + std::to_string(ScenarioLimits::max_file_bytes) + " bytes");
}

toml::table parse_scenario_text(std::string_view text, const std::string& source_name) {
  if (text.size() > ScenarioLimits::max_file_bytes) fail_too_large(source_name);
  try {
    return toml::parse(text, std::string_view(source_name));
  } catch (const toml::parse_error& error) {
    const auto& begin = error.source().begin;
    throw ScenarioError(SourcePos{source_name, static_cast<int>(begin.line), static_cast<int>(begin.column)},
                        syntax_error_text(error.description()));
  }
}

std::string in_quotes(std::string_view text) {
  std::string shown;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    // Cut on a character boundary so the message stays valid UTF-8.
    if (shown.size() >= kMaxQuotedBytes && !is_utf8_continuation(c)) {
      shown += "...";
      break;
    }
    shown += (c < 0x20 || c == 0x7F) ? '?' : static_cast<char>(c);
  }
  return "'" + shown + "'";
}

std::string joined(const std::vector<std::string>& names) {
  std::string list;
  for (const auto& name : names) list += (list.empty() ? "" : ", ") + name;
  return list;
}

std::string_view type_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table:
      return "a table";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a float";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::date:
      return "a date";
    case toml::node_type::time:
      return "a time";
    case toml::node_type::date_time:
      return "a date-time";
    case toml::node_type::none:
      break;
  }
  return "nothing";
}

namespace {

// A TOML type's name in Chinese ("a string": 字符串).
std::string chinese_type_name(std::string_view english) {
  static const std::pair<std::string_view, std::string_view> kNames[] = {
      {"a table", "表"},           {"an array", "数组"},    {"a string", "字符串"}, {"an integer", "整数"},
      {"a float", "小数"},         {"a boolean", "布尔值"}, {"a date", "日期"},     {"a time", "时间"},
      {"a date-time", "日期时间"}, {"nothing", "空值"}};
  for (const auto& [en, zh] : kNames)
    if (en == english) return std::string(zh);
  return std::string(english);
}

[[noreturn]] void fail_type(const toml::node& node, std::string_view name, std::string_view wanted) {
  fail_at(node.source(), LocalizedText{"'" + std::string(name) + "' must be " + std::string(wanted) +
                                           ", not " + std::string(type_name(node)),
                                       "“" + std::string(name) + "”必须是" + chinese_type_name(wanted) +
                                           "，而不是" + chinese_type_name(type_name(node))});
}

}  // namespace

const toml::table& expect_table(const toml::node& node, std::string_view name) {
  if (const auto* table = node.as_table()) return *table;
  fail_type(node, name, "a table");
}

const toml::array& expect_array(const toml::node& node, std::string_view name) {
  if (const auto* array = node.as_array()) return *array;
  fail_type(node, name, "an array");
}

std::string expect_string(const toml::node& node, std::string_view name) {
  const auto* text = node.as_string();
  if (text == nullptr) fail_type(node, name, "a string");
  if (text->get().size() > ScenarioLimits::max_text_bytes)
    fail_at(node.source(), "'" + std::string(name) + "' is longer than " +
                               std::to_string(ScenarioLimits::max_text_bytes) + " bytes");
  return text->get();
}

std::int64_t expect_integer(const toml::node& node, std::string_view name, std::int64_t min,
                            std::int64_t max) {
  const auto* integer = node.as_integer();
  if (integer == nullptr) fail_type(node, name, "an integer");
  const std::int64_t value = integer->get();
  if (value < min || value > max)
    fail_at(node.source(), LocalizedText{"'" + std::string(name) + "' must be between " +
                                             std::to_string(min) + " and " + std::to_string(max),
                                         "“" + std::string(name) + "”必须在 " + std::to_string(min) + " 到 " +
                                             std::to_string(max) + " 之间"});
  return value;
}

bool expect_boolean(const toml::node& node, std::string_view name) {
  const auto* boolean = node.as_boolean();
  if (boolean == nullptr) fail_type(node, name, "a boolean (true or false)");
  return boolean->get();
}

std::vector<Entry> entries_in_file_order(const toml::table& table) {
  std::vector<Entry> entries;
  entries.reserve(table.size());
  for (const auto& [key, node] : table) entries.push_back({&key, &node});
  std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    const auto& left = a.key->source().begin;
    const auto& right = b.key->source().begin;
    return left.line != right.line ? left.line < right.line : left.column < right.column;
  });
  return entries;
}

void TableView::allow_only(std::initializer_list<std::string_view> known_keys) const {
  for (const auto& [key, node] : entries_in_file_order(m_table)) {
    const std::string_view name = key->str();
    if (std::find(known_keys.begin(), known_keys.end(), name) != known_keys.end()) continue;
    std::string message = "unknown key " + in_quotes(name);
    std::string chinese = "未知的键 " + in_quotes(name);
    if (!m_description.empty()) message += " in " + m_description;
    if (!m_description.empty()) chinese += "（位于 " + m_description + "）";
    if (auto meant = likely_meant(name, known_keys); !meant.empty()) {
      message += " (did you mean '" + std::string(meant) + "'?)";
      chinese += "：是不是想写 '" + std::string(meant) + "'？";
    } else {
      std::vector<std::string> names(known_keys.begin(), known_keys.end());
      message += "; known keys: " + joined(names);
      chinese += "；可用的键：" + joined(names);
    }
    fail_at(key->source(), LocalizedText{message, chinese});
  }
}

const toml::node& TableView::require(std::string_view key) const {
  if (const toml::node* node = find(key)) return *node;
  std::string message = "missing required key '" + std::string(key) + "'";
  std::string chinese = "缺少必需的键 '" + std::string(key) + "'";
  if (!m_description.empty()) message += " in " + m_description;
  if (!m_description.empty()) chinese += "（位于 " + m_description + "）";
  fail(LocalizedText{message, chinese});
}

std::string TableView::require_string(std::string_view key) const {
  return expect_string(require(key), key);
}

std::int64_t TableView::require_integer(std::string_view key, std::int64_t min, std::int64_t max) const {
  return expect_integer(require(key), key, min, max);
}

const toml::array& TableView::require_array(std::string_view key) const {
  return expect_array(require(key), key);
}

std::string read_nonempty_text(const toml::node& node, std::string_view name) {
  std::string text = expect_string(node, name);
  if (text.empty()) fail_at(node.source(), "'" + std::string(name) + "' must not be empty");
  return text;
}

std::string read_id(const toml::node& node, std::string_view name) {
  std::string id = expect_string(node, name);
  const bool plain = !id.empty() && id.size() <= ScenarioLimits::max_id_chars &&
                     std::all_of(id.begin(), id.end(), [](char c) {
                       return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                              c == '_' || c == '-';
                     });
  if (!plain)
    fail_at(node.source(), "'" + std::string(name) + "' must be 1 to " +
                               std::to_string(ScenarioLimits::max_id_chars) +
                               " characters from A-Z a-z 0-9 _ -, not " + in_quotes(id));
  return id;
}

LocalizedText read_localized(const toml::node& node, std::string_view name) {
  if (!node.is_table())
    fail_at(node.source(), "'" + std::string(name) +
                               "' must be a table { en = \"...\", zh = \"...\" }, not " +
                               std::string(type_name(node)));
  TableView text(*node.as_table(), std::string(name));
  text.allow_only({"en", "zh"});
  return LocalizedText{read_nonempty_text(text.require("en"), "en"),
                       read_nonempty_text(text.require("zh"), "zh")};
}

}  // namespace reslab::toml_read
