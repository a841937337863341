#pragma once
// Text files the app writes for the user (a Markdown trace, a handout page), never half-written.
#include <string>

namespace reslab {

// Writes through a temporary file in the same folder and a rename, so `path` holds either its old
// content or all of the new. Returns an empty string on success, else a message naming the path and
// the reason.
std::string write_text_file(const std::string& path, const std::string& content);

}  // namespace reslab
