// `reslab export` under Xvfb checks what it writes: the slides the issue found hiding what changed
// (h2 atomic step 2, t2 naive and atomic step 8, h7 atomic step 3, h1 naive step 4) are exported at
// 1920x1080, 1600x900 and 1366x768, each size at 1x and 2x and in both languages (every step of the
// case's first preset in that model), and no picture may come with a warning that it hides something;
// at 1024x600 the same exporter must warn, naming the slide and what it hides, and still write every
// picture. One Xvfb per test case runs its exports.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "core/sim/plan.hpp"
#include "core/sim/simulator.hpp"
#include "tests/app/app_test_support.hpp"
#include "tests/app/handout_test_support.hpp"

namespace reslab {
namespace {

using test::ScratchDir;

struct ExportRun {
  std::string scenario, model, size;
  int scale;
  std::string lang;
};

// The steps of the case's first preset in the run's model, as the engine runs them.
int steps_of(const ExportRun& run) {
  PlanRequest request;
  Model model;
  REQUIRE(parse_model(run.model, model));
  request.model = model;
  const auto scenario = test::bundled_case(run.scenario);
  return static_cast<int>(run_plan(*scenario, make_plan(*scenario, request)).steps.size());
}

struct RunResult {
  int status = -1;
  std::string warnings;  // what the run said on stderr
};

std::string run_name(const ExportRun& run) {
  return run.scenario + "-" + run.model + "-" + run.size + "-" + std::to_string(run.scale) + "x-" + run.lang;
}

// Every run in one Xvfb (starting one takes longer than most exports): a script runs them in turn and
// keeps each run's exit status and stderr beside its pictures.
std::vector<RunResult> export_all(const ScratchDir& dir, const std::vector<ExportRun>& runs) {
  test::bundled_case("h1");  // points the binary at the source tree's scenarios
  const std::string script = dir.file("exports.sh");
  {
    std::ofstream out(script);
    for (const ExportRun& run : runs) {
      const std::string name = dir.file(run_name(run));
      out << "'" << RESLAB_BINARY << "' export " << run.scenario << " --model " << run.model << " --size "
          << run.size << " --scale " << run.scale << " --lang " << run.lang << " --quiet --out '" << name
          << "' > /dev/null 2> '" << name << ".err'; echo $? > '" << name << ".status'\n";
    }
  }
  REQUIRE(test::system_under_xvfb("bash '" + script + "'") == 0);
  std::vector<RunResult> results;
  for (const ExportRun& run : runs) {
    const std::string name = dir.file(run_name(run));
    RunResult result;
    result.status = std::stoi(test::read_file(name + ".status"));
    result.warnings = test::read_file(name + ".err");
    results.push_back(result);
  }
  return results;
}

// A PNG file's width and height as its header gives them ({0, 0} when it is not a PNG file): decoding
// a 3840x2160 picture would take longer than the check needs.
std::pair<int, int> png_size(const std::string& path) {
  const std::string bytes = test::read_file(path).substr(0, 24);
  if (bytes.size() < 24 || bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0 || bytes.compare(12, 4, "IHDR") != 0)
    return {0, 0};
  const auto big_endian = [&](std::size_t at) {
    int value = 0;
    for (std::size_t i = at; i < at + 4; ++i) value = value << 8 | static_cast<unsigned char>(bytes[i]);
    return value;
  };
  return {big_endian(16), big_endian(20)};
}

std::string picture(const ScratchDir& dir, const ExportRun& run, int step) {
  return dir.file(run_name(run) + "/" + run.scenario + "-" + run.model + "-step" + (step < 10 ? "0" : "") +
                  std::to_string(step) + ".png");
}

// Each run exits 0 without a warning, and writes every step at the size times the scale.
void check_written_whole(const ScratchDir& dir, const std::vector<ExportRun>& runs) {
  const std::vector<RunResult> results = export_all(dir, runs);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const ExportRun& run = runs[i];
    INFO(run_name(run));
    CHECK(results[i].status == 0);
    CHECK(results[i].warnings == "");
    const int width = std::stoi(run.size.substr(0, run.size.find('x')));
    const int height = std::stoi(run.size.substr(run.size.find('x') + 1));
    const int steps = steps_of(run);
    CHECK(steps >= 4);
    for (int step = 1; step <= steps; ++step) {
      INFO("step " << step);
      CHECK(png_size(picture(dir, run, step)) == std::make_pair(width * run.scale, height * run.scale));
    }
    CHECK_FALSE(std::filesystem::exists(picture(dir, run, steps + 1)));
  }
}

TEST_CASE("export at 1920x1080, 1x and 2x, in both languages: every slide whole, nothing hidden") {
  const ScratchDir dir;
  check_written_whole(dir, {{"t2", "naive", "1920x1080", 1, "en"}, {"h1", "naive", "1920x1080", 2, "zh"}});
}

TEST_CASE("export at 1600x900, 1x and 2x, in both languages: every slide whole, nothing hidden") {
  const ScratchDir dir;
  check_written_whole(dir, {{"t2", "atomic", "1600x900", 1, "zh"}, {"h2", "atomic", "1600x900", 2, "en"}});
}

TEST_CASE("export at 1366x768, 1x and 2x, in both languages: every slide whole, nothing hidden") {
  const ScratchDir dir;
  check_written_whole(dir, {{"h7", "atomic", "1366x768", 1, "en"}, {"h2", "atomic", "1366x768", 2, "zh"}});
}

TEST_CASE("export at 1024x600 warns which slide hides what, and still writes every picture") {
  const ScratchDir dir;
  const ExportRun run{"h2", "atomic", "1024x600", 1, "en"};
  const RunResult result = export_all(dir, {run}).front();
  CHECK(result.status == 0);
  for (int step = 1; step <= steps_of(run); ++step) CHECK(std::filesystem::exists(picture(dir, run, step)));
  INFO(result.warnings);
  CHECK(result.warnings.find("reslab export: warning: h2 article atomic step 2 (1024x600, 1x, en) hides what "
                             "changed: ") != std::string::npos);
  CHECK(result.warnings.find("sql ") != std::string::npos);
  CHECK(result.warnings.find(" pictures hide something a step changed") != std::string::npos);
}

}  // namespace
}  // namespace reslab
