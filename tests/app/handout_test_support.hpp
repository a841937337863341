#pragma once
// Shared by the handout tests: reading a page as a browser would see its references and pictures.
#include <doctest/doctest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace reslab::test {

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::size_t count_of(std::string_view text, std::string_view part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string_view::npos; at = text.find(part, at + part.size()))
    ++count;
  return count;
}

// The value of every src="..." attribute, in page order.
inline std::vector<std::string> sources(const std::string& html) {
  std::vector<std::string> found;
  for (std::size_t at = html.find("src=\""); at != std::string::npos; at = html.find("src=\"", at + 1)) {
    const std::size_t start = at + 5;
    found.push_back(html.substr(start, html.find('"', start) - start));
  }
  return found;
}

// The page with every data: URI's payload cut out, so a check of the words cannot match inside a picture.
inline std::string without_data(std::string html) {
  for (std::size_t at = html.find(";base64,"); at != std::string::npos; at = html.find(";base64,", at + 8))
    html.erase(at + 8, html.find('"', at) - at - 8);
  return html;
}

// Anything that would make a browser reach beyond the page itself.
inline std::vector<std::string> outside_references(const std::string& html) {
  std::vector<std::string> found;
  const std::string text = without_data(html);
  for (const char* needle : {"http://", "https://", "file://", "src=\"/", "<link", "@import", "url(",
                             "<script", "<iframe", "<object", "<embed"})
    if (text.find(needle) != std::string::npos) found.emplace_back(needle);
  for (const std::string& source : sources(html))
    if (source.rfind("data:image/png;base64,", 0) != 0) found.push_back("src=\"" + source.substr(0, 40));
  return found;
}

// The bytes, or none when the text is not base64.
inline std::vector<std::uint8_t> base64_decode(std::string_view text) {
  const auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  std::vector<std::uint8_t> bytes;
  std::uint32_t group = 0;
  int bits = 0;
  for (const char c : text) {
    if (c == '=') break;
    const int six = value(c);
    if (six < 0) return {};  // not base64: the caller's checks of the bytes fail
    group = group << 6 | static_cast<std::uint32_t>(six);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push_back(static_cast<std::uint8_t>(group >> bits & 0xff));
    }
  }
  return bytes;
}

}  // namespace reslab::test
