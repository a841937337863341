// PNG encoders for screenshots: stb_image_write against libpng at a few settings, and write_png itself, on a
// synthetic UI frame at 1x (1920x1080) and 2x (3840x2160). Every variant writes a real file in a scratch
// folder; the "bytes" counter is that file's size. The libpng variants use plain fwrite and no fsync, so
// write_png's extra cost over its matching variant is the opacity scan, the temporary file, fsync and rename.
#include <benchmark/benchmark.h>
#include <png.h>
#include <stb/stb_image_write.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <csetjmp>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "app/platform/png_writer.hpp"

namespace {

using reslab::RgbaImage;
namespace fs = std::filesystem;

// [SECTION] a UI-like frame
// What a screenshot of the app holds: a flat light background, panels with 1px borders, list rows, timeline
// bars, a table grid, and lines of small glyphs with anti-aliased edges. Deterministic, so runs compare.
struct Rgb {
  std::uint8_t r, g, b;
};

class FramePainter {
 public:
  explicit FramePainter(int scale) : m_scale(scale) {
    m_image.width = 1920 * scale;
    m_image.height = 1080 * scale;
    m_image.pixels.assign(static_cast<std::size_t>(m_image.width) * m_image.height * 4, 0xff);
  }

  // Coordinates are in 1x units; the painter scales them, as a HiDPI UI does.
  void fill(int x, int y, int width, int height, Rgb color) {
    fill_device(x * m_scale, y * m_scale, width * m_scale, height * m_scale, color);
  }
  void horizontal_line(int x, int y, int width, Rgb color) {
    fill_device(x * m_scale, y * m_scale, width * m_scale, 1, color);
  }
  void vertical_line(int x, int y, int height, Rgb color) {
    fill_device(x * m_scale, y * m_scale, 1, height * m_scale, color);
  }

  // A glyph is a 5x9 ink mask picked from the character, drawn 7x13 with a coverage ramp at its edges.
  void text(int x, int y, int characters, std::uint32_t seed, Rgb ink, Rgb paper) {
    const int cell_width = 7 * m_scale;
    const int cell_height = 13 * m_scale;
    for (int index = 0; index < characters; ++index) {
      const std::uint32_t character = mix(seed * 131 + static_cast<std::uint32_t>(index)) % 96;
      if (character < 12) continue;  // a space between words
      const int left = x * m_scale + index * cell_width;
      const int top = y * m_scale;
      for (int row = 0; row < cell_height; ++row)
        for (int column = 0; column < cell_width; ++column) {
          const int coverage = glyph_coverage(character, column, row);
          if (coverage > 0) blend(left + column, top + row, ink, paper, coverage);
        }
    }
  }

  RgbaImage take() { return std::move(m_image); }

 private:
  static std::uint32_t mix(std::uint32_t value) {
    value ^= value >> 16;
    value *= 0x7feb352dU;
    value ^= value >> 15;
    value *= 0x846ca68bU;
    return value ^ (value >> 16);
  }

  bool ink_at(std::uint32_t character, int cell_x, int cell_y) const {
    if (cell_x < 0 || cell_x >= 5 || cell_y < 0 || cell_y >= 9) return false;
    return mix(character * 64 + static_cast<std::uint32_t>(cell_y * 5 + cell_x)) % 100 < 38;
  }

  // 0..4 quarters of ink: full inside a mask cell, partial beside one, fading with the distance in device
  // pixels, so at 2x the edges are finer than the mask and rows are not simply doubled.
  int glyph_coverage(std::uint32_t character, int column, int row) const {
    const int cell_x = column / m_scale - 1;
    const int cell_y = row / m_scale - 2;
    if (ink_at(character, cell_x, cell_y)) return 4;
    const int inside_x = column % m_scale;
    const int inside_y = row % m_scale;
    const auto near = [this](bool inked, int distance) {
      return inked ? 2 * (m_scale - distance) / m_scale : 0;
    };
    const int coverage = near(ink_at(character, cell_x - 1, cell_y), inside_x) +
                         near(ink_at(character, cell_x + 1, cell_y), m_scale - 1 - inside_x) +
                         near(ink_at(character, cell_x, cell_y - 1), inside_y) +
                         near(ink_at(character, cell_x, cell_y + 1), m_scale - 1 - inside_y);
    return std::min(coverage, 3);
  }

  void blend(int x, int y, Rgb ink, Rgb paper, int quarters) {
    if (x < 0 || y < 0 || x >= m_image.width || y >= m_image.height) return;
    std::uint8_t* pixel = &m_image.pixels[(static_cast<std::size_t>(y) * m_image.width + x) * 4];
    pixel[0] = static_cast<std::uint8_t>((ink.r * quarters + paper.r * (4 - quarters)) / 4);
    pixel[1] = static_cast<std::uint8_t>((ink.g * quarters + paper.g * (4 - quarters)) / 4);
    pixel[2] = static_cast<std::uint8_t>((ink.b * quarters + paper.b * (4 - quarters)) / 4);
  }

  void fill_device(int x, int y, int width, int height, Rgb color) {
    for (int row = std::max(y, 0); row < std::min(y + height, m_image.height); ++row)
      for (int column = std::max(x, 0); column < std::min(x + width, m_image.width); ++column)
        blend(column, row, color, color, 4);
  }

  int m_scale;
  RgbaImage m_image;
};

RgbaImage ui_frame(int scale) {
  const Rgb background{245, 246, 248};
  const Rgb panel{250, 250, 252};
  const Rgb stripe{238, 240, 244};
  const Rgb border{200, 202, 208};
  const Rgb grid{226, 228, 232};
  const Rgb ink{40, 42, 48};
  const Rgb bars[] = {{66, 133, 244}, {52, 168, 83}, {251, 140, 0}, {219, 68, 55}};

  FramePainter painter(scale);
  painter.fill(0, 0, 1920, 1080, background);
  // Menu bar.
  painter.fill(0, 0, 1920, 22, {232, 234, 238});
  painter.horizontal_line(0, 22, 1920, border);
  for (int item = 0; item < 6; ++item) painter.text(10 + item * 80, 5, 8, 1 + item, ink, {232, 234, 238});
  // Left panel: a list of cases with alternating rows.
  painter.fill(0, 23, 360, 1057, panel);
  painter.vertical_line(360, 23, 1057, border);
  for (int row = 0; row < 43; ++row) {
    const Rgb paper = row % 2 ? stripe : panel;
    painter.fill(0, 30 + row * 24, 360, 24, paper);
    painter.text(12, 35 + row * 24, 24 + row % 17, 100 + row, ink, paper);
  }
  // Timeline: lanes, a grid every 50 px, coloured bars with labels.
  for (int lane = 0; lane < 14; ++lane) {
    const int top = 60 + lane * 44;
    painter.horizontal_line(361, top, 1559, grid);
    painter.text(372, top + 14, 10, 300 + lane, ink, background);
    for (int bar = 0; bar < 6; ++bar) {
      const int left = 500 + ((lane * 7 + bar * 13) % 11) * 30 + bar * 220;
      const int width = 60 + ((lane + bar) * 37) % 140;
      if (left + width > 1900) continue;
      const Rgb color = bars[(lane + bar) % 4];
      painter.fill(left, top + 8, width, 28, color);
      painter.text(left + 4, top + 15, width / 7 - 1, 500 + lane * 8 + bar, {255, 255, 255}, color);
    }
  }
  for (int x = 400; x < 1920; x += 50) painter.vertical_line(x, 60, 616, grid);
  // Table of the snapshot: header, grid, cells of text.
  painter.fill(361, 690, 1559, 24, {232, 234, 238});
  for (int row = 0; row <= 15; ++row) painter.horizontal_line(361, 690 + row * 24, 1559, border);
  for (int column = 0; column < 8; ++column) {
    painter.vertical_line(361 + column * 195, 690, 360, border);
    for (int row = 0; row < 15; ++row)
      painter.text(367 + column * 195, 695 + row * 24, 6 + (row * 5 + column * 3) % 18,
                   900 + row * 8 + column, ink, row == 0 ? Rgb{232, 234, 238} : background);
  }
  // Buttons in the status bar.
  for (int button = 0; button < 5; ++button) {
    painter.fill(380 + button * 110, 1054, 100, 22, {225, 230, 240});
    painter.text(388 + button * 110, 1058, 11, 2000 + button, ink, {225, 230, 240});
  }
  return painter.take();
}

const RgbaImage& frame(int scale) {
  static const RgbaImage at_1x = ui_frame(1);
  static const RgbaImage at_2x = ui_frame(2);
  return scale == 1 ? at_1x : at_2x;
}

// [SECTION] encoders
// One folder per run, removed at exit, so two runs never overwrite each other's files.
class ScratchFolder {
 public:
  ScratchFolder() : m_path(fs::temp_directory_path() / ("reslab-png-bench-" + std::to_string(::getpid()))) {
    fs::create_directories(m_path);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  ~ScratchFolder() {
    std::error_code ignored;
    fs::remove_all(m_path, ignored);
  }
  std::string file(const std::string& name) const { return (m_path / name).string(); }

 private:
  fs::path m_path;
};

std::string scratch_file(const std::string& name) {
  static const ScratchFolder folder;
  return folder.file(name);
}

struct LibpngSettings {
  int level;
  int filters;             // PNG_FILTER_* mask; several bits let libpng choose per row
  int strategy = -1;       // a zlib strategy, or -1 for libpng's choice
  bool drop_alpha = true;  // write RGB; the UI is opaque
};

// libpng's longjmp must not skip C++ destructors, so this function owns none.
bool libpng_write(const char* path, const RgbaImage* image, const LibpngSettings* settings) {
  std::FILE* file = std::fopen(path, "wb");
  if (file == nullptr) return false;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png == nullptr ? nullptr : png_create_info_struct(png);
  if (info == nullptr) {
    png_destroy_write_struct(&png, &info);
    std::fclose(file);
    return false;
  }
  if (setjmp(png_jmpbuf(png))) {  // on its own: setjmp may not be an operand of ||
    png_destroy_write_struct(&png, &info);
    std::fclose(file);
    return false;
  }
  png_init_io(png, file);
  png_set_compression_level(png, settings->level);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, settings->filters);
  if (settings->strategy >= 0) png_set_compression_strategy(png, settings->strategy);
  png_set_IHDR(png, info, image->width, image->height, 8,
               settings->drop_alpha ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  if (settings->drop_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);
  const std::size_t stride = static_cast<std::size_t>(image->width) * 4;
  for (int row = 0; row < image->height; ++row) png_write_row(png, image->pixels.data() + row * stride);
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return std::fclose(file) == 0;
}

// [SECTION] benchmarks
template <typename Write>
void run(benchmark::State& state, int scale, const std::string& name, Write write) {
  const RgbaImage& image = frame(scale);
  const std::string path = scratch_file(name + "-" + std::to_string(scale) + "x.png");
  for (auto _ : state) {
    if (!write(path, image)) {
      state.SkipWithError(("could not write " + path).c_str());
      break;
    }
  }
  std::error_code ignored;
  state.counters["bytes"] = static_cast<double>(fs::file_size(path, ignored));
  fs::remove(path, ignored);
}

void stb(benchmark::State& state, int scale, int level) {
  run(state, scale, "stb-" + std::to_string(level), [level](const std::string& path, const RgbaImage& image) {
    stbi_write_png_compression_level = level;
    const int stride = image.width * 4;
    return stbi_write_png(path.c_str(), image.width, image.height, 4, image.pixels.data(), stride) != 0;
  });
}

void libpng(benchmark::State& state, int scale, const std::string& stem, LibpngSettings settings) {
  run(state, scale, stem, [&settings](const std::string& path, const RgbaImage& image) {
    return libpng_write(path.c_str(), &image, &settings);
  });
}

void final_writer(benchmark::State& state, int scale) {
  run(state, scale, "write_png",
      [](const std::string& path, const RgbaImage& image) { return reslab::write_png(path, image).empty(); });
}

constexpr int kStbDefaultLevel = 8;  // stb_image_write's own default
constexpr int kAllFilters = PNG_ALL_FILTERS;

const bool registered = [] {
  struct Variant {
    std::string name;
    LibpngSettings settings;
  };
  const Variant variants[] = {
      {"libpng/level6_adaptive_rgba", {6, kAllFilters, -1, false}},  // libpng's defaults
      {"libpng/level3_up_rgb", {3, PNG_FILTER_UP}},
      {"libpng/level2_up_rgb", {2, PNG_FILTER_UP}},
      {"libpng/level1_adaptive_rgb", {1, kAllFilters}},
      {"libpng/level1_paeth_rgb", {1, PNG_FILTER_PAETH}},
      {"libpng/level1_none_rgb", {1, PNG_FILTER_NONE}},
      {"libpng/level1_sub_rgba", {1, PNG_FILTER_SUB, -1, false}},
      {"libpng/level1_sub_rgb", {1, PNG_FILTER_SUB}},
      {"libpng/level1_up_rgba", {1, PNG_FILTER_UP, -1, false}},
      {"libpng/level1_up_rgb", {1, PNG_FILTER_UP}},
      {"libpng/level1_up_rle_rgb", {1, PNG_FILTER_UP, Z_RLE}},
  };
  for (int scale : {1, 2}) {
    const std::string size = scale == 1 ? "1920x1080/" : "3840x2160/";
    benchmark::RegisterBenchmark(("png/" + size + "stb_level8_default").c_str(), stb, scale, kStbDefaultLevel)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("png/" + size + "stb_level1").c_str(), stb, scale, 1)
        ->Unit(benchmark::kMillisecond);
    for (const auto& variant : variants)
      benchmark::RegisterBenchmark(("png/" + size + variant.name).c_str(), libpng, scale,
                                   variant.name.substr(variant.name.find('/') + 1), variant.settings)
          ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("png/" + size + "write_png").c_str(), final_writer, scale)
        ->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace
