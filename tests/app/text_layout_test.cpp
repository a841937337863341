// Line breaking and label fitting for mixed Chinese and English text, measured with a simple monospace
// advance: Latin characters 1 unit, CJK characters 2 units, so the expected lines can be counted by hand.
#include "app/text/text_layout.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

using namespace reslab;

namespace {

float unit_advance(char32_t c) {
  return c >= 0x2E80 ? 2.0f : 1.0f;  // U+FFFD and '…' (U+2026) included: 2 and 1
}

std::vector<std::string> lines_of(std::string_view text, float max_width) {
  std::vector<std::string> lines;
  for (const Line& line : break_lines(text, max_width, unit_advance))
    lines.emplace_back(text.substr(line.begin, line.end - line.begin));
  return lines;
}

using Lines = std::vector<std::string>;

// The lines at a generous width, and every character break_lines asked the width of.
struct Measured {
  std::vector<Line> lines;
  std::vector<char32_t> characters;
};

Measured break_and_record(std::string_view text) {
  Measured measured;
  measured.lines = break_lines(text, 100, [&](char32_t c) {
    measured.characters.push_back(c);
    return unit_advance(c);
  });
  return measured;
}

std::string without_spaces(std::string_view text) {
  std::string kept;
  std::copy_if(text.begin(), text.end(), std::back_inserter(kept), [](char c) { return c != ' '; });
  return kept;
}

}  // namespace

TEST_CASE("English text breaks at the last space that fits") {
  CHECK(lines_of("the quick brown fox jumps", 10) == Lines{"the quick", "brown fox", "jumps"});
}

TEST_CASE("spaces at a break are neither measured nor drawn at the start of the next line") {
  const std::string text = "aaaa     bbbb";
  const auto lines = break_lines(text, 6, unit_advance);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].width == 4);
  CHECK(text.substr(lines[1].begin, lines[1].end - lines[1].begin) == "bbbb");
  CHECK(lines[1].width == 4);
}

TEST_CASE("a paragraph's own leading spaces stay as indentation") {
  const auto lines = break_lines("  甲乙", 100, unit_advance);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].begin == 0);
  CHECK(lines[0].width == 6);
}

TEST_CASE("Chinese text breaks between any two characters") {
  CHECK(lines_of("这次读取单独提交", 6) == Lines{"这次读", "取单独", "提交"});
}

TEST_CASE("mixed text breaks between Chinese and Latin even without a space") {
  CHECK(lines_of("读取到available并记住", 12) == Lines{"读取到", "available并", "记住"});
}

TEST_CASE("every line of a mixed paragraph fits and the lines keep all of its text in order") {
  const std::string text =
      "{actor} 读取到 available = 1 并记住它。这次读取单独提交，没有任何机制阻止另一个请求在此之后"
      "读取同一个值（available 仍然是 1），于是两个请求都以为还剩一间房。";
  for (float width = 10; width <= 40; width += 1) {
    CAPTURE(width);
    std::string joined;
    for (const Line& line : break_lines(text, width, unit_advance)) {
      const std::string_view drawn = std::string_view(text).substr(line.begin, line.end - line.begin);
      CHECK(line.width <= width);
      float sum = 0;
      for (const Line& one : break_lines(drawn, 1e9f, unit_advance)) sum += one.width;
      CHECK(line.width == sum);
      joined += drawn;
    }
    CHECK(without_spaces(joined) == without_spaces(text));
  }
}

TEST_CASE("a line never starts with Chinese closing punctuation") {
  // "这是一个句" fills the line; "。" may not start the next, so "句" goes with it.
  CHECK(lines_of("这是一个句。后面", 10) == Lines{"这是一个", "句。后面"});
  CHECK(lines_of("甲乙丙丁，戊", 8) == Lines{"甲乙丙", "丁，戊"});
}

TEST_CASE("a line never starts with ASCII closing punctuation") {
  CHECK(lines_of("读取到abc,然后", 9) == Lines{"读取到", "abc,然后"});
}

TEST_CASE("a line never ends with opening punctuation") {
  CHECK(lines_of("甲乙丙「丁戊」", 8) == Lines{"甲乙丙", "「丁戊」"});
  CHECK(lines_of("甲乙丙(丁", 7) == Lines{"甲乙丙", "(丁"});
}

TEST_CASE("a Latin token wider than the line is broken by character so nothing overflows") {
  CHECK(lines_of("abcdefghij", 4) == Lines{"abcd", "efgh", "ij"});
}

TEST_CASE("a break by character keeps closing punctuation off the start of a line") {
  CHECK(lines_of("abcdefg.", 7) == Lines{"abcdef", "g."});
}

TEST_CASE("a character wider than the line still gets a line of its own") {
  CHECK(lines_of("甲乙", 1) == Lines{"甲", "乙"});
}

TEST_CASE("a long Latin token breaks after a hyphen or a slash before breaking by character") {
  CHECK(lines_of("compare-and-swap", 10) == Lines{"compare-", "and-swap"});
  CHECK(lines_of("docs/PERFORMANCE.md", 14) == Lines{"docs/", "PERFORMANCE.md"});
}

TEST_CASE("a short hyphenated word moves to the next line whole") {
  CHECK(lines_of("see read-only", 10) == Lines{"see", "read-only"});
}

TEST_CASE("a hyphen before a digit is not a break opportunity") {
  CHECK(lines_of("abcdefghijk-1234", 13) == Lines{"abcdefghijk-1", "234"});
}

TEST_CASE("an explicit newline forces a break and an empty line between two newlines stays") {
  CHECK(lines_of("甲\n\n乙", 100) == Lines{"甲", "", "乙"});
}

TEST_CASE("a final newline ends the last line without adding an empty one") {
  CHECK(lines_of("甲\n", 100) == Lines{"甲"});
  CHECK(lines_of("\n", 100) == Lines{""});
}

TEST_CASE("Windows line endings break like newlines and the carriage return is not drawn") {
  CHECK(lines_of("甲\r\n乙", 100) == Lines{"甲", "乙"});
}

TEST_CASE("empty text has no lines") {
  CHECK(break_lines("", 100, unit_advance).empty());
}

TEST_CASE("a UTF-8 sequence cut short by the end of the text is one U+FFFD and nothing past it is read") {
  const std::string buffer = "ab读";  // a b E8 AF BB: the view below ends after E8
  const Measured measured = break_and_record(std::string_view(buffer.data(), 3));
  CHECK(measured.characters == std::vector<char32_t>{U'a', U'b', 0xFFFD});
  REQUIRE(measured.lines.size() == 1);
  CHECK(measured.lines[0].end == 3);
  CHECK(measured.lines[0].width == 4);
}

TEST_CASE("every byte of a malformed sequence counts as one U+FFFD") {
  // A stray continuation byte, an overlong '/', an encoded surrogate.
  const std::string text = "\x80\xC0\xAF\xED\xA0\x80";
  const Measured measured = break_and_record(text);
  CHECK(measured.characters == std::vector<char32_t>(6, 0xFFFD));
  REQUIRE(measured.lines.size() == 1);
  CHECK(measured.lines[0].end == text.size());
}

TEST_CASE("fit_label keeps a label that fits whole") {
  const FittedLabel fitted = fit_label("Reset", 10, unit_advance);
  CHECK(fitted.text == "Reset");
  CHECK_FALSE(fitted.shortened);
}

TEST_CASE("fit_label shortens an English label at a word boundary with an ellipsis") {
  const FittedLabel fitted = fit_label("Reset to the first step", 14, unit_advance);
  CHECK(fitted.text == "Reset to the…");
  CHECK(fitted.shortened);
}

TEST_CASE("fit_label shortens a Chinese label between characters") {
  CHECK(fit_label("重置到第一步", 9, unit_advance).text == "重置到第…");
}

TEST_CASE("fit_label cuts by character when the first word does not fit") {
  CHECK(fit_label("Synchronisation point", 8, unit_advance).text == "Synchro…");
}

TEST_CASE("fit_label never ends a prefix with opening punctuation") {
  CHECK(fit_label("预设（快速）", 7, unit_advance).text == "预设…");
}

TEST_CASE("fit_label gives only an ellipsis when no character fits beside it") {
  const FittedLabel fitted = fit_label("甲乙", 2, unit_advance);
  CHECK(fitted.text == "…");
  CHECK(fitted.shortened);
}

TEST_CASE("fit_label shortens a label of more than one line to its first line") {
  CHECK(fit_label("Reset\nall", 100, unit_advance).text == "Reset…");
}
