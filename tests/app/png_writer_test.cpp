#include "app/platform/png_writer.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

#include "tests/scratch_dir.hpp"

using namespace reslab;
using reslab::test::ScratchDir;
namespace fs = std::filesystem;

namespace {

// Every pixel differs from its neighbours, so a swapped channel, row or column cannot go unnoticed.
RgbaImage pattern(int width, int height, bool opaque) {
  RgbaImage image;
  image.width = width;
  image.height = height;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      image.pixels.push_back(static_cast<std::uint8_t>(x * 7 + y * 3));
      image.pixels.push_back(static_cast<std::uint8_t>(x * 13 ^ y * 5));
      image.pixels.push_back(static_cast<std::uint8_t>(x + y * 11));
      image.pixels.push_back(opaque ? 0xff : static_cast<std::uint8_t>(x * 29 + y * 17));
    }
  }
  return image;
}

std::string reason(int error_number) {
  return std::generic_category().message(error_number);
}

}  // namespace

TEST_CASE("an opaque image written and read back has exactly the same pixels") {
  ScratchDir folder;
  const RgbaImage image = pattern(37, 23, true);
  REQUIRE(write_png(folder.file("shot.png"), image) == "");
  RgbaImage loaded;
  REQUIRE(read_png(folder.file("shot.png"), loaded) == "");
  CHECK(loaded.width == 37);
  CHECK(loaded.height == 23);
  CHECK(loaded.pixels == image.pixels);
}

TEST_CASE("an image with see-through pixels keeps its alpha through a write and a read") {
  ScratchDir folder;
  const RgbaImage image = pattern(16, 9, false);
  REQUIRE(write_png(folder.file("overlay.png"), image) == "");
  RgbaImage loaded;
  REQUIRE(read_png(folder.file("overlay.png"), loaded) == "");
  CHECK(loaded.width == 16);
  CHECK(loaded.height == 9);
  CHECK(loaded.pixels == image.pixels);
}

TEST_CASE("writing over an existing file replaces it with the new image") {
  ScratchDir folder;
  REQUIRE(write_png(folder.file("shot.png"), pattern(8, 8, true)) == "");
  const RgbaImage second = pattern(5, 3, false);
  REQUIRE(write_png(folder.file("shot.png"), second) == "");
  RgbaImage loaded;
  REQUIRE(read_png(folder.file("shot.png"), loaded) == "");
  CHECK(loaded.width == 5);
  CHECK(loaded.pixels == second.pixels);
}

TEST_CASE("flip_rows turns the image upside down and keeps the middle row of an odd height") {
  RgbaImage image;
  image.width = 2;
  image.height = 3;
  image.pixels = {1, 1, 1, 1, 2, 2, 2, 2,   // top
                  3, 3, 3, 3, 4, 4, 4, 4,   // middle
                  5, 5, 5, 5, 6, 6, 6, 6};  // bottom
  flip_rows(image);
  CHECK(image.pixels == std::vector<std::uint8_t>{5, 5, 5, 5, 6, 6, 6, 6,  //
                                                  3, 3, 3, 3, 4, 4, 4, 4,  //
                                                  1, 1, 1, 1, 2, 2, 2, 2});
}

TEST_CASE("flipping twice gives back the original image") {
  const RgbaImage original = pattern(11, 6, false);
  RgbaImage image = original;
  flip_rows(image);
  CHECK(image.pixels != original.pixels);
  flip_rows(image);
  CHECK(image.pixels == original.pixels);
}

TEST_CASE("a successful write leaves only the named file in the folder, no temporary file") {
  ScratchDir folder;
  REQUIRE(write_png(folder.file("shot.png"), pattern(4, 4, true)) == "");
  CHECK(folder.names() == std::vector<std::string>{"shot.png"});
}

TEST_CASE("writing into a folder that does not exist returns a message naming the path and writes nothing") {
  ScratchDir folder;
  const std::string path = folder.file("missing/shot.png");
  const std::string message = write_png(path, pattern(4, 4, true));
  CHECK(message.find(path) != std::string::npos);
  CHECK(message.find(reason(ENOENT)) != std::string::npos);
  CHECK(folder.names().empty());
}

TEST_CASE("writing under a regular file as if it were a folder returns a message and writes nothing") {
  // Tests run as root, whom chmod does not stop; a file in the middle of the path stops everyone.
  ScratchDir folder;
  std::ofstream(folder.file("file.txt")) << "not a folder";
  const std::string path = folder.file("file.txt/shot.png");
  const std::string message = write_png(path, pattern(4, 4, true));
  CHECK(message.find(path) != std::string::npos);
  CHECK(message.find(reason(ENOTDIR)) != std::string::npos);
  CHECK(folder.names() == std::vector<std::string>{"file.txt"});
}

TEST_CASE("writing into a folder nobody may create files in returns a message and writes nothing") {
  const std::string path = "/proc/reslab-png-writer-test.png";
  const std::string message = write_png(path, pattern(4, 4, true));
  CHECK(message.find(path) != std::string::npos);
  CHECK_FALSE(fs::exists(path));
}

TEST_CASE("when the final rename fails the temporary file is removed") {
  // The temporary file can be created next to the target, but a folder cannot be replaced by a file.
  ScratchDir folder;
  fs::create_directory(folder.file("shot.png"));
  const std::string message = write_png(folder.file("shot.png"), pattern(4, 4, true));
  CHECK(message.find(folder.file("shot.png")) != std::string::npos);
  CHECK(folder.names() == std::vector<std::string>{"shot.png"});
  CHECK(fs::is_directory(folder.file("shot.png")));
}

TEST_CASE("an image whose pixel buffer does not match its size is refused and nothing is written") {
  ScratchDir folder;
  RgbaImage image = pattern(4, 4, true);
  image.pixels.pop_back();
  CHECK(write_png(folder.file("shot.png"), image) != "");
  RgbaImage empty;
  CHECK(write_png(folder.file("empty.png"), empty) != "");
  CHECK(folder.names().empty());
}

TEST_CASE("reading a file that is not a PNG returns the reason and leaves the image untouched") {
  ScratchDir folder;
  std::ofstream(folder.file("notes.png")) << "plain text, not an image";
  RgbaImage image = pattern(2, 2, true);
  const std::string message = read_png(folder.file("notes.png"), image);
  CHECK(message.find(folder.file("notes.png")) != std::string::npos);
  CHECK(image.width == 2);
  CHECK(image.pixels == pattern(2, 2, true).pixels);
}

TEST_CASE("reading a PNG cut short returns the reason instead of a partial image") {
  ScratchDir folder;
  REQUIRE(write_png(folder.file("shot.png"), pattern(64, 64, true)) == "");
  fs::resize_file(folder.file("shot.png"), fs::file_size(folder.file("shot.png")) / 2);
  RgbaImage image;
  CHECK(read_png(folder.file("shot.png"), image).find("ends early") != std::string::npos);
  CHECK(image.pixels.empty());
}

TEST_CASE("reading a file that does not exist returns the reason") {
  ScratchDir folder;
  RgbaImage image;
  CHECK(read_png(folder.file("absent.png"), image).find(reason(ENOENT)) != std::string::npos);
}

TEST_CASE("a PNG encoded in memory has the same bytes as the file write_png writes") {
  ScratchDir folder;
  const RgbaImage image = pattern(41, 17, true);
  std::vector<std::uint8_t> encoded;
  REQUIRE(encode_png_to_memory(image, encoded) == "");
  REQUIRE(write_png(folder.file("shot.png"), image) == "");
  std::ifstream file(folder.file("shot.png"), std::ios::binary);
  const std::vector<std::uint8_t> written((std::istreambuf_iterator<char>(file)),
                                          std::istreambuf_iterator<char>());
  CHECK(encoded == written);
}

TEST_CASE("an image whose pixel buffer does not match its size is not encoded in memory") {
  RgbaImage image = pattern(8, 8, true);
  image.pixels.pop_back();
  std::vector<std::uint8_t> encoded = {1, 2, 3};
  CHECK(encode_png_to_memory(image, encoded) != "");
  CHECK(encoded == std::vector<std::uint8_t>{1, 2, 3});
}
