#include "app/handout/html_text.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tests/app/handout_test_support.hpp"

using namespace reslab;

namespace {

std::string base64_of(const std::string& text) {
  const std::vector<std::uint8_t> bytes(text.begin(), text.end());
  return base64_encode(bytes);
}

}  // namespace

TEST_CASE("html_escape makes markup, entities and both quotes plain text") {
  CHECK(html_escape("<b class=\"x\">Tom & Jerry's</b>") ==
        "&lt;b class=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt;");
  CHECK(html_escape("可售库存 available > 0") == "可售库存 available &gt; 0");
}

TEST_CASE("base64 encodes the RFC 4648 test vectors with padding") {
  CHECK(base64_of("") == "");
  CHECK(base64_of("f") == "Zg==");
  CHECK(base64_of("fo") == "Zm8=");
  CHECK(base64_of("foo") == "Zm9v");
  CHECK(base64_of("foob") == "Zm9vYg==");
  CHECK(base64_of("fooba") == "Zm9vYmE=");
  CHECK(base64_of("foobar") == "Zm9vYmFy");
}

TEST_CASE("every byte value survives base64 and back") {
  std::vector<std::uint8_t> bytes;
  for (int i = 0; i < 256 * 3 + 1; ++i) bytes.push_back(static_cast<std::uint8_t>(i * 7));
  CHECK(test::base64_decode(base64_encode(bytes)) == bytes);
  CHECK(png_data_uri(bytes).rfind("data:image/png;base64,", 0) == 0);
}
