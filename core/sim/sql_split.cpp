#include "core/sim/sql_split.hpp"

#include <cctype>

namespace reslab {

SourcePos advance_position(const SourcePos& start, const std::string& text, std::size_t offset) {
  SourcePos pos = start;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++pos.line;
      pos.column = 1;
    } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      ++pos.column;  // a column is a character, not a byte
    }
  }
  return pos;
}

namespace {

bool is_blank(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}

// The end of a dollar-quoted string that opens at `i` ($$ or $tag$), or npos when `i` opens none.
std::size_t dollar_quote_end(const std::string& text, std::size_t i) {
  std::size_t j = i + 1;
  while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
  if (j >= text.size() || text[j] != '$') return std::string::npos;
  if (j > i + 1 && std::isdigit(static_cast<unsigned char>(text[i + 1]))) return std::string::npos;  // $1
  const std::string tag = text.substr(i, j - i + 1);
  const std::size_t close = text.find(tag, j + 1);
  return close == std::string::npos ? text.size() : close + tag.size();
}

}  // namespace

std::vector<SqlStatement> split_sql(const std::string& text, const SourcePos& start) {
  std::vector<SqlStatement> out;
  std::size_t begin = 0;
  const auto flush = [&](std::size_t end) {
    std::size_t first = begin;
    std::size_t last = end;
    while (first < last && is_blank(text[first])) ++first;
    while (last > first && is_blank(text[last - 1])) --last;
    if (last > first) out.push_back({text.substr(first, last - first), advance_position(start, text, first)});
  };
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\'' || c == '"' || c == '`') {
      const std::size_t close = text.find(c, i + 1);
      i = close == std::string::npos ? text.size() : close + 1;
    } else if (c == '-' && i + 1 < text.size() && text[i + 1] == '-') {
      const std::size_t close = text.find('\n', i);
      i = close == std::string::npos ? text.size() : close + 1;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      const std::size_t close = text.find("*/", i + 2);
      i = close == std::string::npos ? text.size() : close + 2;
    } else if (c == '$') {
      const std::size_t close = dollar_quote_end(text, i);
      i = close == std::string::npos ? i + 1 : close;
    } else if (c == ';') {
      flush(i);
      begin = ++i;
    } else {
      ++i;
    }
  }
  flush(text.size());
  return out;
}

}  // namespace reslab
