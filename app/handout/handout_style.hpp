#pragma once
// The style sheet every handout page carries inline: readable on screen, and on paper a slide and its
// explanation (or a step's row and its explanation) never split across pages.
#include <string_view>

namespace reslab {

std::string_view handout_css();

}  // namespace reslab
