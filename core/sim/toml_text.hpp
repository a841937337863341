#pragma once
// Writing TOML by hand: a string or a key as TOML reads it back.
#include <string>
#include <string_view>

namespace reslab {

// A TOML basic string: quotes, backslashes and control characters escaped; UTF-8 as it is.
std::string toml_quoted(std::string_view text);
// A key as written: bare when it may be (letters, digits, '_' and '-'), quoted otherwise.
std::string toml_key(std::string_view name);

}  // namespace reslab
