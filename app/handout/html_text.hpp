#pragma once
// Text made safe for an HTML page, and bytes made into a data: URI, for pages that must work offline.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace reslab {

// & < > " ' as character references: safe in element content and in quoted attribute values.
std::string html_escape(std::string_view text);
// RFC 4648 base64 with padding.
std::string base64_encode(std::span<const std::uint8_t> bytes);
// "data:image/png;base64,..." for an <img src>.
std::string png_data_uri(std::span<const std::uint8_t> png);

}  // namespace reslab
