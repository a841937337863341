#pragma once
// Finding a font file by family name: the desktop asks fontconfig, so the app uses the fonts the system
// has (Noto Sans CJK for Chinese) instead of shipping its own; the page looks among the fonts bundled
// with it. The UI is handed the platform's finder (a FontFinder) and never calls find_font() itself.
#include <optional>
#include <string>

namespace reslab {

struct FontFile {
  std::string path;
  // The face inside a collection (.ttc), 0 for a single-face file. Passed as FreeType's face_index:
  // for a variable font the high 16 bits name the instance, which stb_truetype would not understand.
  int index = 0;
};

// The regular face of `family`, or nullopt when the system does not have that family. fontconfig
// always answers with some font; an answer from another family counts as not found, so the caller
// can try its next choice. Each platform defines it (app/platform/desktop/, app/platform/web/).
std::optional<FontFile> find_font(const std::string& family);

// A platform's find_font, as the window that builds the fonts is given it.
using FontFinder = std::optional<FontFile> (*)(const std::string& family);

}  // namespace reslab
