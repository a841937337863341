#pragma once
// The style sheet every handout page carries inline: readable on screen, and on paper a slide and its
// explanation (or a step's row and its explanation) never split across pages; and the page's shell around
// what a page holds (a case's, an SQL scenario's, the isolation table's, the index).
#include <sstream>
#include <string>
#include <string_view>

#include "app/text/ui_text.hpp"
#include "core/sim/text.hpp"

namespace reslab {

std::string_view handout_css();

// Everything before a page's content: the document's head with the style sheet, then <main>.
void open_handout_page(std::ostringstream& out, const std::string& title, Lang lang);
// The footer (reslab's version and `command`, how to step it yourself) and the end of the document.
void close_handout_page(std::ostringstream& out, const UiText& text, Lang lang, const std::string& command);

}  // namespace reslab
