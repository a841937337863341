#include "app/platform/font_lookup.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

using namespace reslab;

namespace {

// fc-match's own answer, "file\nindex", or nullopt when fc-list does not know the family: the tests
// compare with the system's tools instead of assuming which fonts this machine has. Without the tools
// (Debian's fontconfig, which scripts/setup installs) every font would look missing and the tests
// below would skip: that fails instead.
std::optional<std::string> fc_match_answer(const std::string& family) {
  REQUIRE_MESSAGE(std::system("command -v fc-list >/dev/null && command -v fc-match >/dev/null") == 0,
                  "fc-list and fc-match are not installed (apt-get install fontconfig)");
  const auto run = [](const std::string& command) {
    std::string output;
    if (std::FILE* pipe = popen(command.c_str(), "r")) {
      char buffer[512];
      while (std::fgets(buffer, sizeof buffer, pipe)) output += buffer;
      pclose(pipe);
    }
    return output;
  };
  if (run("fc-list '" + family + "' family 2>/dev/null").empty()) return std::nullopt;
  return run("fc-match -f '%{file}\\n%{index}' '" + family + "' 2>/dev/null");
}

}  // namespace

TEST_CASE("Noto Sans CJK SC is found as the same face of its collection as fc-match names") {
  const auto expected = fc_match_answer("Noto Sans CJK SC");
  if (!expected) {
    MESSAGE("Noto Sans CJK SC is not installed; skipped");
    return;
  }
  const auto font = find_font("Noto Sans CJK SC");
  REQUIRE(font.has_value());
  CHECK(font->path + "\n" + std::to_string(font->index) == *expected);
  CHECK(std::filesystem::is_regular_file(font->path));
  // Debian's fonts-noto-cjk packs the CJK faces into one .ttc, Simplified Chinese being face 2.
  if (font->path.ends_with("/NotoSansCJK-Regular.ttc")) CHECK(font->index == 2);
}

TEST_CASE("the monospaced CJK family is a different face than the proportional one") {
  if (!fc_match_answer("Noto Sans CJK SC") || !fc_match_answer("Noto Sans Mono CJK SC")) {
    MESSAGE("Noto Sans CJK SC or its Mono variant is not installed; skipped");
    return;
  }
  const auto sans = find_font("Noto Sans CJK SC");
  const auto mono = find_font("Noto Sans Mono CJK SC");
  REQUIRE(sans.has_value());
  REQUIRE(mono.has_value());
  CHECK((mono->path != sans->path || mono->index != sans->index));
}

TEST_CASE("a family is matched regardless of case and spaces, as fc-match does") {
  if (!fc_match_answer("Noto Sans CJK SC")) {
    MESSAGE("Noto Sans CJK SC is not installed; skipped");
    return;
  }
  const auto exact = find_font("Noto Sans CJK SC");
  const auto loose = find_font("noto sans cjksc");
  REQUIRE(loose.has_value());
  CHECK(loose->path == exact->path);
  CHECK(loose->index == exact->index);
}

TEST_CASE("a family the system does not have is not found, though fontconfig offers a substitute") {
  CHECK_FALSE(find_font("Reslab No Such Family").has_value());
}

TEST_CASE("an empty family name is not found") {
  CHECK_FALSE(find_font("").has_value());
}
