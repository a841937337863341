#include "core/sim/message.hpp"

#include <unordered_map>

#include "core/sim/case_family.hpp"
#include "core/sim/message_catalog.hpp"

namespace reslab {
std::vector<std::span<const MessageTemplate>> message_tables() {
  std::vector<std::span<const MessageTemplate>> tables = {engine_messages(), explore_messages(),
                                                          isolation_messages()};
  for (const CaseFamily* family : case_families())
    tables.insert(tables.end(), family->messages.begin(), family->messages.end());
  return tables;
}

namespace {

const std::unordered_map<std::string_view, const MessageTemplate*>& catalog() {
  static const auto index = [] {
    std::unordered_map<std::string_view, const MessageTemplate*> map;
    for (const auto& table : message_tables())
      for (const auto& entry : table) map.emplace(entry.key, &entry);
    return map;
  }();
  return index;
}

}  // namespace

std::string fill_placeholders(std::string_view pattern,
                              const std::vector<std::pair<std::string, std::string>>& args) {
  std::string out;
  out.reserve(pattern.size() + 16);
  std::size_t i = 0;
  while (i < pattern.size()) {
    if (pattern[i] == '{') {
      const std::size_t close = pattern.find('}', i);
      if (close != std::string_view::npos) {
        const std::string_view name = pattern.substr(i + 1, close - i - 1);
        bool replaced = false;
        for (const auto& [arg_name, arg_value] : args) {
          if (arg_name == name) {
            out += arg_value;
            replaced = true;
            break;
          }
        }
        if (replaced) {
          i = close + 1;
          continue;
        }
      }
    }
    out += pattern[i++];
  }
  return out;
}

namespace {
constexpr char kBilingualMark = '\x1f';  // a control character no text of either language contains
}  // namespace

std::string bilingual_arg(const LocalizedText& text) {
  return kBilingualMark + text.en + kBilingualMark + text.in(Lang::zh);
}

bool is_bilingual_arg(std::string_view value) {
  return !value.empty() && value[0] == kBilingualMark &&
         value.find(kBilingualMark, 1) != std::string_view::npos;
}

std::string arg_text(std::string_view value, Lang lang) {
  if (!is_bilingual_arg(value)) return std::string(value);
  const std::size_t middle = value.find(kBilingualMark, 1);
  return std::string(lang == Lang::zh ? value.substr(middle + 1) : value.substr(1, middle - 1));
}

bool has_message(std::string_view key) {
  return catalog().count(key) != 0;
}

std::string family_message_key(std::string_view family, std::string_view key) {
  std::string own = std::string(family) + "." + std::string(key);
  return !family.empty() && has_message(own) ? own : std::string(key);
}

bool is_background(std::string_view key) {
  auto it = catalog().find(key);
  return it != catalog().end() && it->second->background;
}

namespace {

std::string actor_name(const ActorNames& names, const std::string& actor_id, Lang lang) {
  const auto found = names.find(actor_id);
  return found == names.end() || found->second.empty() ? actor_id : found->second.in(lang);
}

// "A (A1), B" as "Request A (A1), Request B", or "请求 A（A1）、请求 B"; "another connection" as 另一个连接.
std::string holders_text(const ActorNames& names, const std::string& holders, Lang lang) {
  if (holders == "another connection") return lang == Lang::zh ? "另一个连接" : holders;
  std::string text;
  std::size_t begin = 0;
  while (begin < holders.size()) {
    std::size_t end = holders.find(", ", begin);
    if (end == std::string::npos) end = holders.size();
    const std::string item = holders.substr(begin, end - begin);
    const std::size_t open = item.find(" (");
    const std::string id = item.substr(0, open);
    // " (A1)": the event that opened the holder's transaction.
    const std::string event = open == std::string::npos ? "" : item.substr(open + 2, item.size() - open - 3);
    if (!text.empty()) text += lang == Lang::zh ? "、" : ", ";
    text += actor_name(names, id, lang);
    if (!event.empty()) text += lang == Lang::zh ? "（" + event + "）" : " (" + event + ")";
    begin = end + 2;
  }
  return text;
}

}  // namespace

std::string render(const Message& message, Lang lang) {
  auto it = catalog().find(message.key);
  if (it == catalog().end()) return message.key;  // a missing entry shows its key instead of nothing
  auto args = message.args;
  const MessageNames* names = message.names.get();
  for (auto& [name, value] : args)
    if (value.size() > 1 && value[0] == '@' && has_message(std::string_view(value).substr(1)))
      value =
          render(Message{names ? family_message_key(names->family, value.substr(1)) : value.substr(1)}, lang);
    else if (is_bilingual_arg(value))
      value = arg_text(value, lang);
    else if (names && name == "actor")
      value = actor_name(names->actors, value, lang);
    else if (names && name == "holder")
      value = holders_text(names->actors, value, lang);
  if (lang == Lang::en) return fill_placeholders(it->second->en, args);
  return without_spaces_between_cjk(fill_placeholders(it->second->zh, args));
}

std::string render(const std::vector<Message>& messages, Lang lang) {
  std::string out;
  for (const auto& message : messages) {
    if (!out.empty() && lang == Lang::en) out += ' ';
    out += render(message, lang);
  }
  return out;
}

}  // namespace reslab
