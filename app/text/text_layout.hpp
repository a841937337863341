#pragma once
// Line breaking and label fitting for mixed Chinese and English text, with no ImGui, so it is tested alone.
//
// ImGui 1.86 wraps only at spaces, so a run of Chinese is one "word" to it: a mixed sentence leaves a wide
// gap or overflows. Here a line may also break between Chinese characters, between Chinese and Latin
// text and after '-', '/' or '_' in a long Latin token, while a line never starts with a closing mark
// (，。）) nor ends with an opening one (（「), and a token wider than the line is cut by character as a last
// resort. Widths come from the caller (the current font's advances), so the pixels agree with ImGui's.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace reslab {

// One laid-out line: bytes [begin, end) of the text, without the spaces at its break or the '\n'.
struct Line {
  std::size_t begin = 0;
  std::size_t end = 0;
  float width = 0;  // the drawn characters' advances, summed left to right as ImGui sums them
};

// The advance of one character in pixels. Bytes that are not valid UTF-8 are measured as U+FFFD.
using AdvanceFn = std::function<float(char32_t)>;

// Lines no wider than `max_width`, except where one character alone is wider. Each '\n' ends a line
// (so "a\n\nb" has an empty middle line); empty text has no lines.
std::vector<Line> break_lines(std::string_view utf8, float max_width, const AdvanceFn& advance);

// The widest run of the text that no line break may split (a word, one Chinese character, a segment of a
// long identifier): the least width at which break_lines never has to cut inside a word.
float widest_unbreakable(std::string_view utf8, const AdvanceFn& advance);

// A label shortened to one line of `max_width`.
struct FittedLabel {
  std::string text;        // the whole label, or a prefix followed by "…"
  bool shortened = false;  // the caller shows the full label on hover
};

// The whole label if its first line is all there is and fits; otherwise the longest prefix that ends at a
// break opportunity and still fits with "…", or, when not even the first word fits, the longest such
// prefix by characters. Never cuts inside a UTF-8 sequence; the result may be "…" alone.
FittedLabel fit_label(std::string_view utf8, float max_width, const AdvanceFn& advance);

}  // namespace reslab
