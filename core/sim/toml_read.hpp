#pragma once
// Reading TOML nodes with file:line:col errors. Private to core's scenario loader; the
// rest of the engine never sees toml++ types.
#include <toml++/toml.h>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/sim/errors.hpp"

namespace reslab::toml_read {

// Where a node or key starts; the file is the source name given to toml::parse.
SourcePos position_of(const toml::source_region& region);

[[noreturn]] void fail_at(const toml::source_region& region, const std::string& message);
[[noreturn]] void fail_at(const toml::source_region& region, LocalizedText message);
// "the file is larger than the limit of N bytes", at the file's first line.
[[noreturn]] void fail_too_large(const std::string& source_name);

// A scenario file's text, TOML or SQL scenario alike, as its table: a text over the size limit, or one
// toml++ cannot parse, is an error at its first line or at the syntax error, said in plain words.
toml::table parse_scenario_text(std::string_view text, const std::string& source_name);

// A value for messages: in quotes, cut short and without control characters, so a hostile
// file cannot flood or garble the terminal.
std::string in_quotes(std::string_view text);

// "a, b, c", for the lists of known names that follow an unknown one.
std::string joined(const std::vector<std::string>& names);

// The kind of a node with its article: "a string", "an integer", "a table"...
std::string_view type_name(const toml::node& node);

// Typed reads of one value; `name` is the key it was found under, used in the message
// ("'time' must be an integer, not a string").
const toml::table& expect_table(const toml::node& node, std::string_view name);
const toml::array& expect_array(const toml::node& node, std::string_view name);
std::string expect_string(const toml::node& node, std::string_view name);  // at most max_text_bytes
std::int64_t expect_integer(const toml::node& node, std::string_view name, std::int64_t min,
                            std::int64_t max);
bool expect_boolean(const toml::node& node, std::string_view name);
std::string read_nonempty_text(const toml::node& node, std::string_view name);
// An id, a name that command lines repeat (--order A1,B1 --at A1=30): 1 to max_id_chars characters
// from A-Z a-z 0-9 _ -.
std::string read_id(const toml::node& node, std::string_view name);
// Every user-visible text exists in both languages: { en = "...", zh = "..." }, neither empty.
LocalizedText read_localized(const toml::node& node, std::string_view name);

struct Entry {
  const toml::key* key;
  const toml::node* node;
};

// toml::table keeps its keys sorted; this gives them back in the order they were written,
// so the first problem in the file is the one reported and written order is preserved.
std::vector<Entry> entries_in_file_order(const toml::table& table);

// One table being read, named as messages call it ("event"; empty for the top level).
class TableView {
 public:
  TableView(const toml::table& table, std::string description)
      : m_table(table), m_description(std::move(description)) {}

  // Catches typos: any key not in the list is an error at that key.
  void allow_only(std::initializer_list<std::string_view> known_keys) const;

  const toml::node* find(std::string_view key) const { return m_table.get(key); }
  const toml::node& require(std::string_view key) const;  // missing: an error at this table
  std::string require_string(std::string_view key) const;
  std::int64_t require_integer(std::string_view key, std::int64_t min, std::int64_t max) const;
  const toml::array& require_array(std::string_view key) const;

  const toml::table& table() const { return m_table; }
  [[noreturn]] void fail(const std::string& message) const { fail_at(m_table.source(), message); }
  [[noreturn]] void fail(LocalizedText message) const { fail_at(m_table.source(), std::move(message)); }

 private:
  const toml::table& m_table;
  std::string m_description;
};

}  // namespace reslab::toml_read
