#pragma once
// Explanations and labels are stored as message keys with arguments and
// rendered in either language on demand, so switching language needs no replay.
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/sim/text.hpp"

namespace reslab {

// A message's arguments by name, in the order they were given.
using MessageArgs = std::vector<std::pair<std::string, std::string>>;

// The scenario's actor names by actor id: what a text says for an "actor" or "holder" argument.
using ActorNames = std::map<std::string, LocalizedText, std::less<>>;

// What a run's texts say in the scenario's own words: its actors' names, and its case family, whose own
// wording of an engine message an "@key" argument takes (family_message_key).
struct MessageNames {
  std::string family;
  ActorNames actors;
};

struct Message {
  std::string key;
  // "{name}" placeholders. A value "@key" is itself a message, rendered in the same language; a
  // bilingual_arg() value says its own text in each language.
  MessageArgs args;
  // When set, the "actor" and "holder" arguments (actor ids, data) are said by the actors' names.
  std::shared_ptr<const MessageNames> names;

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

// An argument that reads differently in each language (a list with units): both texts in one value, of
// which render() takes its language's.
std::string bilingual_arg(const LocalizedText& text);
bool is_bilingual_arg(std::string_view value);
// A bilingual argument's text in one language; any other value as it is.
std::string arg_text(std::string_view value, Lang lang);

std::string render(const Message& message, Lang lang);
// Sentences joined by a space (en) or directly (zh).
std::string render(const std::vector<Message>& messages, Lang lang);
bool has_message(std::string_view key);
// A case family's own wording of an engine message ("seat.figure.active_holds" for "figure.active_holds":
// 有效占座, not 有效预留) when it has one, else the engine's key.
std::string family_message_key(std::string_view family, std::string_view key);
bool is_background(std::string_view key);

// Replaces "{name}" placeholders; unknown placeholders are left as they are.
std::string fill_placeholders(std::string_view pattern,
                              const std::vector<std::pair<std::string, std::string>>& args);

}  // namespace reslab
