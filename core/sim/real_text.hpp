#pragma once
// The shortest text that reads back as the same number, as std::to_chars without a precision writes it
// ("1.1", "1e+20", "0.001"). Where the standard library has no floating-point to_chars (libc++ 13, the
// browser build) the same text is found through printf and strtod.
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>

namespace reslab {

template <typename Real>
std::string shortest_real_text(Real value) {
  static_assert(std::is_floating_point_v<Real>);
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
#else
  if (std::isnan(value)) return std::signbit(value) ? "-nan" : "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  const std::string sign = std::signbit(value) ? "-" : "";
  if (value == 0) return sign + "0";
  // The fewest significant digits that read back as `value`, and their decimal exponent.
  char text[64];
  constexpr int kMaxDigits = std::is_same_v<Real, float> ? 9 : 17;
  for (int digits = 1; digits <= kMaxDigits; ++digits) {
    std::snprintf(text, sizeof text, "%.*e", digits - 1, static_cast<double>(std::fabs(value)));
    const Real back = std::is_same_v<Real, float> ? static_cast<Real>(std::strtof(text, nullptr))
                                                  : static_cast<Real>(std::strtod(text, nullptr));
    if (back == std::fabs(value)) break;
  }
  const std::string printed = text;  // "d.ddde+XX"
  const std::size_t e = printed.find('e');
  std::string mantissa = printed.substr(0, 1) + (e > 2 ? printed.substr(2, e - 2) : "");
  while (mantissa.size() > 1 && mantissa.back() == '0') mantissa.pop_back();
  const int exponent = std::atoi(printed.c_str() + e + 1);
  const int count = static_cast<int>(mantissa.size());
  std::string scientific = mantissa.substr(0, 1) + (count > 1 ? "." + mantissa.substr(1) : "");
  char exponent_text[16];
  std::snprintf(exponent_text, sizeof exponent_text, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
  scientific += exponent_text;
  std::string fixed;
  if (exponent >= count - 1) {  // a whole number: to_chars writes its exact digits
    std::snprintf(text, sizeof text, "%.0f", static_cast<double>(std::fabs(value)));
    fixed = text;
  } else if (exponent < 0) {
    fixed = "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + mantissa;
  } else {
    fixed = mantissa.substr(0, static_cast<std::size_t>(exponent + 1)) + "." +
            mantissa.substr(static_cast<std::size_t>(exponent + 1));
  }
  return sign + (scientific.size() < fixed.size() ? scientific : fixed);
#endif
}

}  // namespace reslab
