// [SECTION] index: encoder settings · libpng calls (C style) · write_png · encode_png_to_memory ·
// read_png
#include "app/platform/png_writer.hpp"

#include <fcntl.h>
#include <png.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csetjmp>
#include <cstdio>
#include <filesystem>
#include <new>
#include <system_error>
#include <utility>

namespace reslab {
namespace {

// [SECTION] encoder settings
// Chosen with bench/png_bench.cpp on a UI-like frame (CPU medians on the dev VM, 1920x1080 / 3840x2160):
// stb_image_write 177 / 730 ms; libpng level 1 + UP on RGB 23 / 77 ms, 271 / 643 KB. SUB is as fast but
// 13-33% larger, no filter is 4-13 ms faster but 25% larger at 2x, level 2 saves 5-7% for a little more
// time, and keeping the alpha channel of an opaque frame costs ~15% more time and 10-13% more bytes.
constexpr int kCompressionLevel = 1;
constexpr int kRowFilter = PNG_FILTER_UP;
// The reader is for our own screenshots; a hostile header must not make it allocate gigabytes.
constexpr png_uint_32 kMaxReadSide = 16384;
constexpr std::size_t kChannels = 4;

// [SECTION] libpng calls (C style)
// libpng reports errors by longjmp back into the function that called setjmp. Jumping over a C++ destructor
// is undefined behaviour, so encode_png and decode_png own no C++ objects: the callers own the file, the
// pixel buffer and the status below, and these functions only touch them through pointers.
struct PngStatus {
  std::FILE* file = nullptr;
  std::vector<std::uint8_t>* memory = nullptr;  // when set, the encoder writes here instead of the file
  int error_number = 0;                         // errno from the OS when a read or write failed, else 0
  bool ended_early = false;
  char message[200] = {};  // libpng's own text when it gave up
};

void on_png_error(png_structp png, png_const_charp message) {
  auto* status = static_cast<PngStatus*>(png_get_error_ptr(png));
  std::snprintf(status->message, sizeof status->message, "%s", message);
  png_longjmp(png, 1);
}

// Warnings (an odd chunk, a gamma hint) never change the pixels we write or read.
void on_png_warning(png_structp, png_const_charp) {}

// Kept out of write_bytes, which must not throw: an exception would skip png_destroy_write_struct.
bool append_bytes(std::vector<std::uint8_t>* memory, const std::uint8_t* data, std::size_t length) noexcept {
  try {
    memory->insert(memory->end(), data, data + length);
    return true;
  } catch (const std::bad_alloc&) {
    return false;
  }
}

void write_bytes(png_structp png, png_bytep data, std::size_t length) {
  auto* status = static_cast<PngStatus*>(png_get_io_ptr(png));
  if (status->memory != nullptr) {
    if (!append_bytes(status->memory, data, length)) png_error(png, "not enough memory for the image");
    return;
  }
  if (std::fwrite(data, 1, length, status->file) != length) {
    status->error_number = errno;
    png_error(png, "write failed");
  }
}

// The caller flushes and syncs once at the end; flushing per chunk would only add system calls.
void flush_bytes(png_structp) {}

void read_bytes(png_structp png, png_bytep data, std::size_t length) {
  auto* status = static_cast<PngStatus*>(png_get_io_ptr(png));
  if (std::fread(data, 1, length, status->file) != length) {
    if (std::ferror(status->file)) {
      status->error_number = errno;
    } else {
      status->ended_early = true;
    }
    png_error(png, "read failed");
  }
}

bool encode_png(const std::uint8_t* pixels, int width, int height, bool opaque, PngStatus* status) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, status, on_png_error, on_png_warning);
  if (png == nullptr) return false;
  png_infop info = png_create_info_struct(png);
  if (info == nullptr) {
    png_destroy_write_struct(&png, nullptr);
    return false;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return false;
  }
  png_set_write_fn(png, status, write_bytes, flush_bytes);
  png_set_compression_level(png, kCompressionLevel);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, kRowFilter);
  png_set_IHDR(png, info, width, height, 8, opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  // Rows stay RGBA in memory; for an opaque image libpng drops the fourth byte as it goes, with no copy.
  if (opaque) png_set_filler(png, 0, PNG_FILLER_AFTER);
  const std::size_t stride = static_cast<std::size_t>(width) * kChannels;
  for (int row = 0; row < height; ++row) png_write_row(png, pixels + row * stride);
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return true;
}

// Kept out of decode_png, which must not throw: an exception would skip png_destroy_read_struct.
bool resize_pixels(std::vector<std::uint8_t>* pixels, std::size_t bytes) noexcept {
  try {
    pixels->assign(bytes, 0);
    return true;
  } catch (const std::bad_alloc&) {
    return false;
  }
}

bool decode_png(PngStatus* status, std::vector<std::uint8_t>* pixels, int* width, int* height) {
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, status, on_png_error, on_png_warning);
  if (png == nullptr) return false;
  png_infop info = png_create_info_struct(png);
  if (info == nullptr) {
    png_destroy_read_struct(&png, nullptr, nullptr);
    return false;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, nullptr);
    return false;
  }
  png_set_read_fn(png, status, read_bytes);
  png_set_user_limits(png, kMaxReadSide, kMaxReadSide);
  png_read_info(png, info);

  // Whatever the file holds (palette, grey, 16 bits, no alpha), the caller gets RGBA8.
  const int color_type = png_get_color_type(png, info);
  const int bit_depth = png_get_bit_depth(png, info);
  if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  if (bit_depth == 16) png_set_strip_16(png);
  if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
  if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !png_get_valid(png, info, PNG_INFO_tRNS))
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
  const int passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);

  const png_uint_32 columns = png_get_image_width(png, info);
  const png_uint_32 rows = png_get_image_height(png, info);
  const std::size_t stride = static_cast<std::size_t>(columns) * kChannels;
  if (png_get_rowbytes(png, info) != stride)
    png_error(png, "unexpected row layout after conversion to RGBA8");
  if (!resize_pixels(pixels, stride * rows)) png_error(png, "not enough memory for the image");
  for (int pass = 0; pass < passes; ++pass)
    for (png_uint_32 row = 0; row < rows; ++row) png_read_row(png, pixels->data() + row * stride, nullptr);
  png_read_end(png, nullptr);
  png_destroy_read_struct(&png, &info, nullptr);
  *width = static_cast<int>(columns);
  *height = static_cast<int>(rows);
  return true;
}

// [SECTION] write_png helpers
std::string failure(const std::string& path, const std::string& reason) {
  return "Could not save the image to " + path + ": " + reason;
}

std::string errno_text(int error_number) {
  return std::generic_category().message(error_number);
}

std::string status_reason(const PngStatus& status) {
  if (status.error_number != 0) return errno_text(status.error_number);
  if (status.ended_early) return "the file ends early";
  if (status.message[0] != '\0') return std::string("libpng: ") + status.message;
  return "libpng could not start (out of memory)";
}

// Two windows of the app (or two threads) saving to one folder must not share a temporary name.
std::string temporary_name(const std::filesystem::path& target, int attempt) {
  static std::atomic<unsigned> counter{0};
  const std::string name = "." + target.filename().string() + "." + std::to_string(::getpid()) + "-" +
                           std::to_string(counter++) + "-" + std::to_string(attempt) + ".tmp";
  return (target.parent_path() / name).string();
}

// The temporary file until it is renamed into place; every early return removes it.
class PendingFile {
 public:
  explicit PendingFile(std::string path) : m_path(std::move(path)) {}
  PendingFile(const PendingFile&) = delete;
  PendingFile& operator=(const PendingFile&) = delete;
  ~PendingFile() {
    if (m_file != nullptr) std::fclose(m_file);
    if (!m_committed) ::unlink(m_path.c_str());
  }

  const std::string& path() const { return m_path; }
  std::FILE* file() const { return m_file; }
  void adopt(std::FILE* file) { m_file = file; }
  // Returns 0 or the errno of the first failure: buffered bytes may only fail to land here.
  int flush_and_close() {
    int error_number = 0;
    if (std::fflush(m_file) != 0 || ::fsync(::fileno(m_file)) != 0) error_number = errno;
    if (std::fclose(m_file) != 0 && error_number == 0) error_number = errno;
    m_file = nullptr;
    return error_number;
  }
  void committed() { m_committed = true; }

 private:
  std::string m_path;
  std::FILE* m_file = nullptr;
  bool m_committed = false;
};

bool well_formed(const RgbaImage& image) {
  return image.width > 0 && image.height > 0 &&
         image.pixels.size() == static_cast<std::size_t>(image.width) * image.height * kChannels;
}

bool is_opaque(const std::vector<std::uint8_t>& pixels) {
  for (std::size_t alpha = 3; alpha < pixels.size(); alpha += kChannels)
    if (pixels[alpha] != 0xff) return false;
  return true;
}

}  // namespace

// [SECTION] write_png
std::string write_png(const std::string& path, const RgbaImage& image) {
  if (!well_formed(image))
    return failure(path, "the image is empty or its pixel buffer does not match its size");

  // O_EXCL so a stale file of the same name is never reused; 0666 so the user's umask decides the mode.
  std::string temporary;
  int descriptor = -1;
  for (int attempt = 0; attempt < 8 && descriptor < 0; ++attempt) {
    temporary = temporary_name(std::filesystem::path(path), attempt);
    descriptor = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (descriptor < 0 && errno != EEXIST) break;
  }
  if (descriptor < 0) return failure(path, errno_text(errno));
  PendingFile pending(temporary);
  std::FILE* file = ::fdopen(descriptor, "wb");
  if (file == nullptr) {
    const int error_number = errno;
    ::close(descriptor);
    return failure(path, errno_text(error_number));
  }
  pending.adopt(file);

  PngStatus status;
  status.file = pending.file();
  if (!encode_png(image.pixels.data(), image.width, image.height, is_opaque(image.pixels), &status))
    return failure(path, status_reason(status));
  // Synced before the rename, so after a crash the name holds either the old file or the whole new one.
  if (const int error_number = pending.flush_and_close(); error_number != 0)
    return failure(path, errno_text(error_number));
  if (std::rename(pending.path().c_str(), path.c_str()) != 0) return failure(path, errno_text(errno));
  pending.committed();
  return {};
}

// [SECTION] encode_png_to_memory
std::string encode_png_to_memory(const RgbaImage& image, std::vector<std::uint8_t>& out) {
  if (!well_formed(image))
    return "Could not encode the image: it is empty or its pixel buffer does not match its size";
  std::vector<std::uint8_t> bytes;
  PngStatus status;
  status.memory = &bytes;
  if (!encode_png(image.pixels.data(), image.width, image.height, is_opaque(image.pixels), &status))
    return "Could not encode the image: " + status_reason(status);
  out = std::move(bytes);
  return {};
}

// [SECTION] read_png
std::string read_png(const std::string& path, RgbaImage& out) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) return "Could not read " + path + ": " + errno_text(errno);
  PngStatus status;
  status.file = file;
  RgbaImage image;
  const bool decoded = decode_png(&status, &image.pixels, &image.width, &image.height);
  std::fclose(file);
  if (!decoded) return "Could not read " + path + ": " + status_reason(status);
  out = std::move(image);
  return {};
}

}  // namespace reslab
