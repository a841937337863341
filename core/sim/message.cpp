#include "core/sim/message.hpp"

#include <unordered_map>

#include "core/sim/case_family.hpp"
#include "core/sim/message_catalog.hpp"

namespace reslab {
std::vector<std::span<const MessageTemplate>> message_tables() {
  std::vector<std::span<const MessageTemplate>> tables = {engine_messages(), explore_messages()};
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

bool has_message(std::string_view key) {
  return catalog().count(key) != 0;
}

bool is_background(std::string_view key) {
  auto it = catalog().find(key);
  return it != catalog().end() && it->second->background;
}

std::string render(const Message& message, Lang lang) {
  auto it = catalog().find(message.key);
  if (it == catalog().end()) return message.key;  // a missing entry shows its key instead of nothing
  auto args = message.args;
  for (auto& [name, value] : args)
    if (value.size() > 1 && value[0] == '@' && has_message(std::string_view(value).substr(1)))
      value = render(Message{value.substr(1)}, lang);
  return fill_placeholders(lang == Lang::zh ? it->second->zh : it->second->en, args);
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
