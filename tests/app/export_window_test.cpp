// `reslab export` in a real (hidden) window under Xvfb: the PNG files, their
// size, and the badge they show. Needs xvfb-run (scripts/setup installs it).
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "app/platform/png_writer.hpp"
#include "app/theme.hpp"
#include "tests/app/app_test_support.hpp"

namespace reslab {
namespace {

int run_export(const std::string& arguments) {
  return test::system_under_xvfb("'" + std::string(RESLAB_BINARY) + "' export " + arguments +
                                 " --quiet > /dev/null");
}

int count_files(const std::string& dir) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    count += entry.path().extension() == ".png";
  return count;
}

// Pixels of exactly this colour: the badge's fill is the only large area of it.
int pixels_of(const RgbaImage& image, ImU32 colour) {
  const auto r = static_cast<std::uint8_t>(colour >> IM_COL32_R_SHIFT);
  const auto g = static_cast<std::uint8_t>(colour >> IM_COL32_G_SHIFT);
  const auto b = static_cast<std::uint8_t>(colour >> IM_COL32_B_SHIFT);
  int count = 0;
  for (std::size_t i = 0; i + 3 < image.pixels.size(); i += 4)
    count += image.pixels[i] == r && image.pixels[i + 1] == g && image.pixels[i + 2] == b;
  return count;
}

using test::load_png;

TEST_CASE("export writes one 1920x1080 PNG per step for both models of H1") {
  const test::ScratchDir scratch;
  const std::string dir = scratch.file("h1");
  REQUIRE(run_export("h1 --out " + dir + " --model both --lang en") == 0);
  CHECK(count_files(dir) == 8);
  for (const char* model : {"naive", "atomic"})
    for (int step = 1; step <= 4; ++step) {
      const RgbaImage image = load_png(dir + "/h1-" + model + "-step0" + std::to_string(step) + ".png");
      CHECK(image.width == 1920);
      CHECK(image.height == 1080);
    }
}

// Pixels in the box [x0, x1) x [y0, y1) that differ from the window's background (taken in the top right
// corner's padding, which nothing covers).
int drawn_pixels(const RgbaImage& image, int x0, int y0, int x1, int y1) {
  const auto at = [&](int x, int y) {
    return &image.pixels[(static_cast<std::size_t>(y) * image.width + x) * 4];
  };
  const std::uint8_t* background = at(image.width - 4, 3);
  int count = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) count += !std::equal(background, background + 3, at(x, y));
  return count;
}

TEST_CASE("export --frame content --from 0 writes the state before the first event, without the toolbar") {
  const test::ScratchDir scratch;
  const std::string window = scratch.file("window"), content = scratch.file("content");
  REQUIRE(run_export("h1 --out " + window + " --model naive --lang en --size 1366x768") == 0);
  REQUIRE(run_export("h1 --out " + content +
                     " --model naive --lang en --size 1366x768 --frame content --from 0") == 0);
  CHECK(count_files(window) == 4);
  CHECK(count_files(content) == 5);
  const RgbaImage before = load_png(content + "/h1-naive-step00.png");
  CHECK(before.width == 1366);
  // The toolbar's last buttons (zoom, at the top right) are in the window's frame and not in the content's.
  const RgbaImage with_toolbar = load_png(window + "/h1-naive-step01.png");
  const RgbaImage without = load_png(content + "/h1-naive-step01.png");
  CHECK(drawn_pixels(with_toolbar, 1366 - 120, 4, 1366 - 10, 26) > 200);
  CHECK(drawn_pixels(without, 1366 - 120, 4, 1366 - 10, 26) == 0);
  CHECK(run_export("h1 --out " + content + " --frame slides") == 2 * 256);
}

TEST_CASE("the exported badge shows the naive oversell and the atomic model holding") {
  const test::ScratchDir scratch;
  const std::string dir = scratch.file("badge");
  REQUIRE(run_export("h1 --out " + dir + " --lang en") == 0);
  const Palette& light = palette(false);
  const RgbaImage naive = load_png(dir + "/h1-naive-step04.png");
  const RgbaImage atomic = load_png(dir + "/h1-atomic-step04.png");
  CHECK(pixels_of(naive, light.broken_fill) > 5000);
  CHECK(pixels_of(naive, light.holds_fill) < 100);
  CHECK(pixels_of(atomic, light.holds_fill) > 5000);
  CHECK(pixels_of(atomic, light.broken_fill) < 100);
}

TEST_CASE("export at scale 2 doubles the pixels, not the layout") {
  const test::ScratchDir scratch;
  const std::string dir = scratch.file("scale");
  REQUIRE(run_export("h1 --out " + dir + " --model naive --order A1,B1 --size 960x540 --scale 2") == 0);
  CHECK(count_files(dir) == 2);
  const RgbaImage image = load_png(dir + "/h1-naive-step02.png");
  CHECK(image.width == 1920);
  CHECK(image.height == 1080);
}

TEST_CASE("export into a folder that cannot be created fails cleanly and writes nothing") {
  const test::ScratchDir scratch;
  const std::string dir = scratch.file("blocked");
  std::filesystem::create_directories(dir);
  const std::string file = dir + "/plain";
  FILE* handle = std::fopen(file.c_str(), "w");
  REQUIRE(handle);
  std::fclose(handle);
  const int status = run_export("h1 --out " + file + "/shots");
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(std::filesystem::is_regular_file(file));
}

}  // namespace
}  // namespace reslab
