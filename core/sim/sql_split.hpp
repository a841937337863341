#pragma once
// A step's SQL text cut into statements at the semicolons outside quotes, comments and dollar quotes,
// each with where it starts in the file.
#include <string>
#include <vector>

#include "core/sim/errors.hpp"
#include "core/sim/sql_scenario.hpp"

namespace reslab {

// `start` is where the text's first character stands in the file. Statements keep their text as written,
// without the semicolon and the blanks around them; empty statements are left out.
std::vector<SqlStatement> split_sql(const std::string& text, const SourcePos& start);

// The position of `text[offset]`, counting from `start`.
SourcePos advance_position(const SourcePos& start, const std::string& text, std::size_t offset);

}  // namespace reslab
