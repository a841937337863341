#include "app/text/text_layout.hpp"

#include <algorithm>
#include <cstdint>

namespace reslab {
namespace {

constexpr char32_t kReplacement = 0xFFFD;
constexpr char32_t kEllipsis = 0x2026;
constexpr std::string_view kEllipsisUtf8 = "\xE2\x80\xA6";
// A short hyphenated word ("read-only") looks worse split than moved whole to the next line, which it
// always fits; only a long token (a path, "compare-and-swap") is worth breaking after '-' or '/'.
constexpr std::size_t kLongTokenChars = 12;

enum class CharKind : std::uint8_t { other, space, newline, cjk };

// 16 bytes: one per character, built for every call (every frame for a panel's text).
struct Glyph {
  std::uint32_t begin = 0;  // byte offset in the text
  char32_t code = 0;
  float advance = 0;
  std::uint8_t length = 0;  // bytes
  CharKind kind = CharKind::other;
  bool break_before = false;     // a line may start at this glyph
  std::uint8_t token_chars = 0;  // for kind `other`: its run of Latin-like characters, capped at 255
  std::size_t end() const { return std::size_t{begin} + length; }
};

struct Decoded {
  char32_t code;
  std::size_t length;
};

// One character at `pos`. Anything malformed (a stray continuation byte, a sequence cut short by the end
// of the view, an overlong form, a surrogate, a value past U+10FFFF) is one U+FFFD per byte, so nothing
// beyond the view is read and every byte is accounted for.
Decoded decode_at(std::string_view text, std::size_t pos) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(pos);
  if (lead < 0x80) return {lead, 1};
  std::size_t length = 0;
  char32_t code = 0;
  char32_t smallest = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2, code = lead & 0x1F, smallest = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, code = lead & 0x0F, smallest = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, code = lead & 0x07, smallest = 0x10000;
  } else {
    return {kReplacement, 1};
  }
  if (text.size() - pos < length) return {kReplacement, 1};
  for (std::size_t i = 1; i < length; ++i) {
    const unsigned char next = byte(pos + i);
    if ((next & 0xC0) != 0x80) return {kReplacement, 1};
    code = (code << 6) | (next & 0x3F);
  }
  if (code < smallest || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return {kReplacement, 1};
  return {code, length};
}

bool is_space(char32_t c) {
  return c == ' ' || c == '\t' || c == '\r' || c == 0x3000;  // U+3000: ideographic space
}

// Han, kana, Hangul, CJK punctuation and fullwidth forms: a line may break between any two of them.
bool is_cjk(char32_t c) {
  return (c >= 0x1100 && c <= 0x11FF)        // Hangul jamo
         || (c >= 0x2E80 && c <= 0x9FFF)     // radicals, CJK punctuation, kana, bopomofo, Han
         || (c >= 0xA960 && c <= 0xA97F)     // Hangul jamo extended-A
         || (c >= 0xAC00 && c <= 0xD7FF)     // Hangul syllables, jamo extended-B
         || (c >= 0xF900 && c <= 0xFAFF)     // compatibility ideographs
         || (c >= 0xFE10 && c <= 0xFE1F)     // vertical forms
         || (c >= 0xFE30 && c <= 0xFE6F)     // compatibility and small forms
         || (c >= 0xFF00 && c <= 0xFFEF)     // halfwidth and fullwidth forms
         || (c >= 0x20000 && c <= 0x3FFFF);  // Han extensions B and later
}

// Kinsoku, lite: marks that would look orphaned at the start of a line...
constexpr std::u32string_view kClosingMarks = U",.;:!?)]}，。、；：！？）」』》〉】〕〗］｝．”’…‥・";
// ...and at the end of one.
constexpr std::u32string_view kOpeningMarks = U"([{（「『《〈【〔〖［｛“‘";

// Every mark above is ASCII, a quote or ellipsis, CJK punctuation or a fullwidth form: Han text, which
// is most of what is asked about, skips the searches.
bool may_be_mark(char32_t c) {
  return c < 0x80 || (c >= 0x2018 && c <= 0x30FB) || (c >= 0xFF01 && c <= 0xFF5D);
}

bool is_closing(char32_t c) {
  return may_be_mark(c) && kClosingMarks.find(c) != std::u32string_view::npos;
}

bool is_opening(char32_t c) {
  return may_be_mark(c) && kOpeningMarks.find(c) != std::u32string_view::npos;
}

bool is_word_char(char32_t c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
         (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7)  // Latin letters, not × and ÷
         || (c >= 0x370 && c <= 0x52F);                       // Greek, Cyrillic
}

bool is_digit(char32_t c) {
  return c >= '0' && c <= '9';
}

CharKind kind_of(char32_t c) {
  if (c == '\n') return CharKind::newline;
  if (is_space(c)) return CharKind::space;
  if (is_cjk(c)) return CharKind::cjk;
  return CharKind::other;
}

// After '-', '/' or '_' between word characters of a long token (a path, "provider_payment_id" in a
// narrow table column); not before a digit after '-' (a minus sign, a date, a range: "-1", "2024-01").
bool hyphen_break(const std::vector<Glyph>& glyphs, std::size_t i) {
  const char32_t mark = glyphs[i - 1].code;
  if (mark != '-' && mark != '/' && mark != '_') return false;
  if (i < 2 || !is_word_char(glyphs[i - 2].code) || !is_word_char(glyphs[i].code)) return false;
  if (mark == '-' && is_digit(glyphs[i].code)) return false;
  return glyphs[i].token_chars >= kLongTokenChars;
}

bool may_break_before(const std::vector<Glyph>& glyphs, std::size_t i) {
  const Glyph& previous = glyphs[i - 1];
  const Glyph& current = glyphs[i];
  if (current.kind == CharKind::space || current.kind == CharKind::newline) return false;
  if (previous.kind == CharKind::newline) return false;  // paragraphs are laid out one by one
  const bool opportunity = previous.kind == CharKind::space || previous.kind == CharKind::cjk ||
                           current.kind == CharKind::cjk || hyphen_break(glyphs, i);
  if (!opportunity || is_closing(current.code)) return false;
  // The line would end with the last mark before the spaces at the break.
  std::size_t last = i - 1;
  while (last > 0 && glyphs[last].kind == CharKind::space) --last;
  return !is_opening(glyphs[last].code);
}

// The text as glyphs with their advances and the places a line may start.
std::vector<Glyph> shape(std::string_view text, const AdvanceFn& advance) {
  std::vector<Glyph> glyphs;
  glyphs.reserve(text.size());
  for (std::size_t pos = 0; pos < text.size();) {
    const Decoded decoded = decode_at(text, pos);
    Glyph glyph;
    glyph.begin = static_cast<std::uint32_t>(pos);  // UI text is far below 4 GiB
    glyph.length = static_cast<std::uint8_t>(decoded.length);
    glyph.code = decoded.code;
    glyph.kind = kind_of(decoded.code);
    glyph.advance = glyph.kind == CharKind::newline ? 0.0f : advance(decoded.code);
    glyphs.push_back(glyph);
    pos = glyph.end();
  }
  for (std::size_t run = 0; run < glyphs.size();) {
    std::size_t run_end = run;
    while (run_end < glyphs.size() && glyphs[run_end].kind == CharKind::other) ++run_end;
    const auto run_chars = static_cast<std::uint8_t>(std::min<std::size_t>(run_end - run, 255));
    for (std::size_t i = run; i < run_end; ++i) glyphs[i].token_chars = run_chars;
    run = run_end == run ? run + 1 : run_end;
  }
  for (std::size_t i = 1; i < glyphs.size(); ++i) glyphs[i].break_before = may_break_before(glyphs, i);
  return glyphs;
}

// Glyphs [first, last) as a line: spaces at its end dropped, the rest summed in drawing order.
Line make_line(const std::vector<Glyph>& glyphs, std::size_t first, std::size_t last, std::size_t empty_at) {
  while (last > first && glyphs[last - 1].kind == CharKind::space) --last;
  if (last == first) return {empty_at, empty_at, 0.0f};
  Line line{glyphs[first].begin, glyphs[last - 1].end(), 0.0f};
  for (std::size_t i = first; i < last; ++i) line.width += glyphs[i].advance;
  return line;
}

// Where to cut a line that has no break opportunity before `overflow` (the first glyph that does not
// fit): the last place that keeps the punctuation rules, or else right before `overflow`.
std::size_t character_break(const std::vector<Glyph>& glyphs, std::size_t first, std::size_t overflow) {
  for (std::size_t cut = overflow; cut > first + 1; --cut)
    if (!is_closing(glyphs[cut].code) && !is_opening(glyphs[cut - 1].code)) return cut;
  return overflow;
}

// One paragraph, glyphs [first, last) with no '\n', laid out greedily.
void break_paragraph(const std::vector<Glyph>& glyphs, std::size_t first, std::size_t last,
                     std::size_t byte_begin, float max_width, std::vector<Line>& lines) {
  if (first == last) {
    lines.push_back({byte_begin, byte_begin, 0.0f});
    return;
  }
  std::size_t start = first;  // a paragraph's own leading spaces stay: they are indentation
  while (true) {
    float width = 0;
    std::size_t last_break = start;
    std::size_t overflow = last;
    for (std::size_t i = start; i < last; ++i) {
      const Glyph& glyph = glyphs[i];
      if (i > start && glyph.break_before) last_break = i;
      // Spaces never overflow: at a break they are not drawn.
      if (glyph.kind != CharKind::space && i > start && width + glyph.advance > max_width) {
        overflow = i;
        break;
      }
      width += glyph.advance;
    }
    if (overflow == last) {
      lines.push_back(make_line(glyphs, start, last, glyphs[start].begin));
      return;
    }
    const std::size_t cut = last_break > start ? last_break : character_break(glyphs, start, overflow);
    lines.push_back(make_line(glyphs, start, cut, glyphs[start].begin));
    start = cut;
    while (start < last && glyphs[start].kind == CharKind::space) ++start;
    if (start == last) return;
  }
}

}  // namespace

std::vector<Line> break_lines(std::string_view utf8, float max_width, const AdvanceFn& advance) {
  const std::vector<Glyph> glyphs = shape(utf8, advance);
  std::vector<Line> lines;
  std::size_t paragraph = 0;
  for (std::size_t i = 0; i < glyphs.size(); ++i) {
    if (glyphs[i].kind != CharKind::newline) continue;
    break_paragraph(glyphs, paragraph, i, glyphs[i].begin, max_width, lines);
    paragraph = i + 1;
  }
  // Text after the last '\n', if any: a final '\n' ends a line rather than starting an empty one.
  if (paragraph < glyphs.size())
    break_paragraph(glyphs, paragraph, glyphs.size(), utf8.size(), max_width, lines);
  return lines;
}

float widest_unbreakable(std::string_view utf8, const AdvanceFn& advance) {
  const std::vector<Glyph> glyphs = shape(utf8, advance);
  float widest = 0, run = 0;
  for (std::size_t i = 0; i < glyphs.size(); ++i) {
    const Glyph& glyph = glyphs[i];
    if (glyph.kind == CharKind::space || glyph.kind == CharKind::newline || (i > 0 && glyph.break_before))
      run = 0;
    if (glyph.kind != CharKind::space && glyph.kind != CharKind::newline) run += glyph.advance;
    widest = std::max(widest, run);
  }
  return widest;
}

FittedLabel fit_label(std::string_view utf8, float max_width, const AdvanceFn& advance) {
  const std::vector<Glyph> glyphs = shape(utf8, advance);
  std::size_t first_line_end = 0;
  while (first_line_end < glyphs.size() && glyphs[first_line_end].kind != CharKind::newline) ++first_line_end;
  const bool more_lines = first_line_end + 1 < glyphs.size();
  const Line whole = make_line(glyphs, 0, first_line_end, 0);
  if (!more_lines && whole.width <= max_width) return {std::string(utf8), false};

  const float budget = max_width - advance(kEllipsis);
  // The longest prefix ending at a break opportunity (or at the end of the first line), and the longest
  // by characters in case not even the first word fits. `ink` is summed as make_line sums it.
  std::size_t at_break = 0;
  std::size_t by_character = 0;
  float width = 0;
  float ink = 0;  // up to the last glyph that is not a space
  for (std::size_t i = 0; i <= first_line_end; ++i) {
    const bool boundary = i == first_line_end || (i > 0 && glyphs[i].break_before);
    if (boundary && ink <= budget) at_break = i;
    if (i == first_line_end) break;
    width += glyphs[i].advance;
    if (glyphs[i].kind == CharKind::space) continue;
    ink = width;
    if (ink > budget) break;  // advances only add up: no longer prefix fits
    by_character = i + 1;
  }
  const std::size_t cut = at_break > 0 ? at_break : by_character;
  const Line prefix = make_line(glyphs, 0, cut, 0);
  return {std::string(utf8.substr(0, prefix.end)) + std::string(kEllipsisUtf8), true};
}

}  // namespace reslab
