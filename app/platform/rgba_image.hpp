#pragma once
// A picture of the window as every platform reads it back from OpenGL: RGBA8 pixels, rows top to bottom.
#include <cstdint>
#include <vector>

namespace reslab {

struct RgbaImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;
};

// OpenGL reads rows bottom-up; this flips them in place. A malformed image is left as it is.
void flip_rows(RgbaImage& image);

}  // namespace reslab
