// PNG files in the page, with stb_image_write (Debian's libstb-dev headers) in place of libpng: a
// screenshot is written into the page's file system, then handed to the browser as a download.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#include <stb/stb_image_write.h>

#include <algorithm>
#include <fstream>

#include "app/platform/png_writer.hpp"

namespace reslab {

std::string encode_png_to_memory(const RgbaImage& image, std::vector<std::uint8_t>& out) {
  std::vector<std::uint8_t> encoded;
  const auto append = [](void* context, void* data, int size) {
    auto* bytes = static_cast<std::vector<std::uint8_t>*>(context);
    bytes->insert(bytes->end(), static_cast<std::uint8_t*>(data), static_cast<std::uint8_t*>(data) + size);
  };
  if (!stbi_write_png_to_func(append, &encoded, image.width, image.height, 4, image.pixels.data(),
                              image.width * 4))
    return "the PNG encoder failed";
  out = std::move(encoded);
  return {};
}

std::string write_png(const std::string& path, const RgbaImage& image) {
  std::vector<std::uint8_t> bytes;
  if (std::string error = encode_png_to_memory(image, bytes); !error.empty()) return path + ": " + error;
  std::ofstream file(path, std::ios::binary);
  file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return file ? std::string() : path + ": cannot be written";
}

std::string read_png(const std::string& path, RgbaImage&) {
  return path + ": reading PNG files is not part of the page";
}

}  // namespace reslab
