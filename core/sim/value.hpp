#pragma once
// A single SQLite value as the engine sees it: NULL, INTEGER, REAL or TEXT.
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace reslab {

using Value = std::variant<std::monostate, std::int64_t, double, std::string>;
using Row = std::vector<Value>;

inline bool is_null(const Value& v) {
  return std::holds_alternative<std::monostate>(v);
}

// Display form used in tables, Markdown and explanations ("NULL" for null).
// SQL's ORDER BY for these values (SQLite's, with the BINARY collation): NULL first, then numbers by
// value, then text by its bytes.
bool sql_less(const Value& a, const Value& b);
std::string to_display(const Value& v);

// Integer view of a value; REAL is truncated, TEXT and NULL give the fallback.
std::int64_t as_int(const Value& v, std::int64_t fallback = 0);

}  // namespace reslab
