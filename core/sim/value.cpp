#include "core/sim/value.hpp"

#include <charconv>
#include <cmath>
#include <limits>

#include "core/sim/real_text.hpp"

namespace reslab {
namespace {

// The shortest text that reads back to the same double.
std::string shortest_real(double real) {
  return shortest_real_text(real);
}

int sql_sort_class(const Value& value) {
  if (is_null(value)) return 0;
  if (std::holds_alternative<std::string>(value)) return 2;
  return 1;
}

double sql_number(const Value& value) {
  if (const auto* i = std::get_if<std::int64_t>(&value)) return static_cast<double>(*i);
  return std::get<double>(value);
}

}  // namespace

bool sql_less(const Value& a, const Value& b) {
  const int ca = sql_sort_class(a);
  const int cb = sql_sort_class(b);
  if (ca != cb) return ca < cb;
  if (ca == 0) return false;
  if (ca == 2) return std::get<std::string>(a) < std::get<std::string>(b);
  const auto* ia = std::get_if<std::int64_t>(&a);
  const auto* ib = std::get_if<std::int64_t>(&b);
  if (ia && ib) return *ia < *ib;
  return sql_number(a) < sql_number(b);
}

std::string to_display(const Value& v) {
  if (is_null(v)) return "NULL";
  if (const auto* integer = std::get_if<std::int64_t>(&v)) return std::to_string(*integer);
  if (const auto* real = std::get_if<double>(&v)) return shortest_real(*real);
  return std::get<std::string>(v);
}

std::int64_t as_int(const Value& v, std::int64_t fallback) {
  if (const auto* integer = std::get_if<std::int64_t>(&v)) return *integer;
  if (const auto* real = std::get_if<double>(&v)) {
    // Converting a NaN or an out-of-range double is undefined behaviour: clamp instead.
    if (std::isnan(*real)) return fallback;
    constexpr double limit = 9223372036854775807.0;  // 2^63, the first double past int64
    if (*real >= limit) return std::numeric_limits<std::int64_t>::max();
    if (*real < -limit) return std::numeric_limits<std::int64_t>::min();
    return static_cast<std::int64_t>(*real);
  }
  return fallback;
}

}  // namespace reslab
