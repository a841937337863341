#include "app/platform/rgba_image.hpp"

#include <algorithm>
#include <cstddef>

namespace reslab {

void flip_rows(RgbaImage& image) {
  constexpr std::size_t kChannels = 4;
  const std::size_t stride = static_cast<std::size_t>(std::max(image.width, 0)) * kChannels;
  const std::size_t rows = static_cast<std::size_t>(std::max(image.height, 0));
  if (rows < 2 || image.pixels.size() < stride * rows) return;
  auto top = image.pixels.begin();
  auto bottom = image.pixels.begin() + static_cast<std::ptrdiff_t>(stride * (rows - 1));
  for (; top < bottom; top += stride, bottom -= stride) std::swap_ranges(top, top + stride, bottom);
}

}  // namespace reslab
