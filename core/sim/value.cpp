#include "core/sim/value.hpp"

#include <charconv>
#include <cmath>
#include <limits>

namespace reslab {
namespace {

// std::to_chars without a precision gives the shortest text that reads back to the same double.
std::string shortest_real(double real) {
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, real);
  return std::string(buffer, result.ptr);
}

}  // namespace

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
