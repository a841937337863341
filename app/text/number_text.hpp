#pragma once
// Numbers as the labs' reports and windows print them.
#include <string>

namespace reslab {

// `value` with `digits` decimals: fixed_point(12.3456, 3) is "12.346".
std::string fixed_point(double value, int digits);
// A step number in a file name: two_digits(4) is "04".
std::string two_digits(int number);

}  // namespace reslab
