#pragma once
// --lang zh|en, shared by every command that writes text: the language asked for, else the locale's.
#include <string>

#include "core/sim/text.hpp"

namespace reslab {

// Throws UsageError for anything but "", "zh" and "en".
Lang lang_option(const std::string& code);

}  // namespace reslab
