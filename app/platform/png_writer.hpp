#pragma once
// PNG files for screenshots and exports. The encoder settings were chosen by bench/png_bench.cpp.
#include <cstdint>
#include <string>
#include <vector>

#include "app/platform/rgba_image.hpp"

namespace reslab {

// Writes a PNG atomically: a temporary file in the same folder, then rename, so no half-written file is ever
// left. Returns an empty string on success, else a message for the user naming the path and the reason
// (errno text).
std::string write_png(const std::string& path, const RgbaImage& image);

// Encodes a PNG in memory with the same settings (for pages that embed their images). Returns an empty
// string on success, else the reason; `out` is left as it was on failure.
std::string encode_png_to_memory(const RgbaImage& image, std::vector<std::uint8_t>& out);

// Reads a PNG into RGBA8 (for tests and checks). Returns an empty string on success, else the reason.
std::string read_png(const std::string& path, RgbaImage& out);

}  // namespace reslab
