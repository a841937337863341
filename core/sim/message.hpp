#pragma once
// Explanations and labels are stored as message keys with arguments and
// rendered in either language on demand, so switching language needs no replay.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/sim/text.hpp"

namespace reslab {

// A message's arguments by name, in the order they were given.
using MessageArgs = std::vector<std::pair<std::string, std::string>>;

struct Message {
  std::string key;
  // "{name}" placeholders. A value "@key" is itself a message, rendered in the same language.
  MessageArgs args;

  Message() = default;
  Message(std::string message_key, MessageArgs message_args = {})
      : key(std::move(message_key)), args(std::move(message_args)) {}
};

// A catalog entry: the template of one message in both languages.
struct MessageTemplate {
  const char* key;
  const char* en;
  const char* zh;
  // General knowledge said at a step, true in any run (how SQLite and PostgreSQL lock, what a table
  // stands for): the window sets it apart from what the step did, and may fold it on a crowded slide.
  bool background = false;
};

std::string render(const Message& message, Lang lang);
// Sentences joined by a space (en) or directly (zh).
std::string render(const std::vector<Message>& messages, Lang lang);
bool has_message(std::string_view key);
bool is_background(std::string_view key);

// Replaces "{name}" placeholders; unknown placeholders are left as they are.
std::string fill_placeholders(std::string_view pattern,
                              const std::vector<std::pair<std::string, std::string>>& args);

}  // namespace reslab
