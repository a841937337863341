#pragma once
// toml++'s account of a syntax error in a scenario file, said in plain words in both languages.
#include <string_view>

#include "core/sim/text.hpp"

namespace reslab {

// What is wrong and how to write it; an error it has no words for keeps toml++'s own description.
LocalizedText syntax_error_text(std::string_view description);

}  // namespace reslab
