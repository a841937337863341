// `reslab handout` in a real (hidden) window under Xvfb: self-contained pages whose pictures are the
// frames `reslab export` captures. Needs xvfb-run (scripts/setup installs it).
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "app/handout/html_text.hpp"
#include "app/platform/png_writer.hpp"
#include "core/formats/step_explanation.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/simulator.hpp"
#include "core/sim/sql_scenario_loader.hpp"
#include "core/sim/timed_text.hpp"
#include "tests/app/app_test_support.hpp"
#include "tests/app/handout_test_support.hpp"

namespace reslab {
namespace {

using test::ScratchDir;

// `errors`, when given, receives what the command said on stderr.
int run_reslab(const std::string& arguments, std::string* errors = nullptr) {
  const ScratchDir stderr_dir;
  const std::string stderr_file = stderr_dir.file("stderr.txt");
  const int status = test::system_under_xvfb("'" + std::string(RESLAB_BINARY) + "' " + arguments +
                                             " > /dev/null" + (errors ? " 2> '" + stderr_file + "'" : ""));
  if (errors) *errors = test::read_file(stderr_file);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

RgbaImage decode(const std::vector<std::uint8_t>& png, const ScratchDir& dir) {
  const std::string path = dir.file("decoded.png");
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
  return test::load_png(path);
}

Trace first_preset(const Scenario& scenario, Model model) {
  PlanRequest request;
  request.model = model;
  return run_plan(scenario, make_plan(scenario, request));
}

TEST_CASE(
    "reslab handout writes one self-contained page: every slide a 1600x900 PNG inside it, as export draws "
    "it") {
  const ScratchDir dir;
  REQUIRE(run_reslab("handout h1 --out " + dir.file("pages") + " --lang zh --quiet") == 0);
  REQUIRE(run_reslab("export h1 --out " + dir.file("frames") + " --size 1600x900 --lang zh --quiet") == 0);
  const std::string html = test::read_file(dir.file("pages/h1.html"));
  CHECK(test::outside_references(html).empty());

  const std::vector<std::string> images = test::sources(html);
  REQUIRE(images.size() == 8);  // four steps, both models
  const char* models[] = {"naive", "atomic"};
  for (std::size_t i = 0; i < images.size(); ++i) {
    INFO("slide " << i + 1);
    const std::string prefix = "data:image/png;base64,";
    REQUIRE(images[i].rfind(prefix, 0) == 0);
    const RgbaImage slide =
        decode(test::base64_decode(std::string_view(images[i]).substr(prefix.size())), dir);
    CHECK(slide.width == 1600);
    CHECK(slide.height == 900);
    const RgbaImage frame = test::load_png(
        dir.file("frames/h1-" + std::string(models[i / 4]) + "-step0" + std::to_string(i % 4 + 1) + ".png"));
    CHECK(slide.pixels == frame.pixels);
  }
}

TEST_CASE("reslab handout in Chinese explains every step of its slides and asks the discussion questions") {
  const ScratchDir dir;
  REQUIRE(run_reslab("handout h2 --out " + dir.path() + " --lang zh --quiet") == 0);
  const std::string html = test::read_file(dir.file("h2.html"));
  const auto scenario = test::bundled_case("h2");
  for (const Model model : {Model::naive, Model::atomic})
    for (const Step& step : first_preset(*scenario, model).steps) {
      INFO(model_name(model) << " step " << step.index);
      const StepExplanation why = explain_step(*scenario, model, step, Lang::zh);
      CHECK(html.find(html_escape(why.heading)) != std::string::npos);
      CHECK(html.find(html_escape(why.text)) != std::string::npos);
      if (!why.note.empty()) CHECK(html.find(html_escape(why.note)) != std::string::npos);
    }
  REQUIRE_FALSE(scenario->questions.empty());
  for (const auto& question : scenario->questions)
    CHECK(html.find(html_escape(with_times(question.zh, first_preset_times(*scenario)))) !=
          std::string::npos);
  CHECK(test::without_data(html).find("seed") == std::string::npos);
}

TEST_CASE(
    "reslab handout --all writes a page per bundled case and isolation test, the isolation table, and an index "
    "linking each") {
  const ScratchDir dir;
  test::bundled_case("h1");  // points the scenario library, and the binary after it, at the source tree
  std::string errors;
  REQUIRE(run_reslab("handout --all --out " + dir.path() + " --lang en --quiet", &errors) == 0);
  CHECK(errors == "");  // no slide of any case hides what its step changed
  const std::vector<std::string> files = bundled_scenario_files();
  REQUIRE(files.size() > 1);
  const std::string index = test::read_file(dir.file("index.html"));
  CHECK(test::outside_references(index).empty());
  int pages = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
    pages += entry.path().extension() == ".html";
  const std::vector<std::string> tests = isolation_scenario_files();
  REQUIRE(tests.size() == 13);
  CHECK(pages == static_cast<int>(files.size() + tests.size()) + 2);  // the index and the isolation table
  const std::string table = test::read_file(dir.file("isolation.html"));
  CHECK(test::outside_references(table).empty());
  CHECK(index.find("href=\"isolation.html\"") != std::string::npos);
  for (const auto& file : tests) {
    const SqlScenario test_case = load_sql_scenario_file(file);
    INFO(test_case.id);
    CHECK(index.find("<a href=\"" + test_case.id + ".html\">" + html_escape(test_case.title.en) + "</a>") !=
          std::string::npos);
    // Each cell of the table links to its test's page at its variant.
    CHECK(table.find("href=\"" + test_case.id + ".html#variant-sqlite-deferred\"") != std::string::npos);
    const std::string html = test::read_file(dir.file(test_case.id + ".html"));
    CHECK(html.find("id=\"variant-sqlite-deferred\"") != std::string::npos);
    CHECK(html.find("href=\"isolation.html\"") != std::string::npos);
  }
  for (const auto& file : files) {
    const Scenario scenario = load_scenario_file(file);
    INFO(scenario.id);
    CHECK(index.find("<a href=\"" + scenario.id + ".html\">" + html_escape(scenario.title.en) + "</a>") !=
          std::string::npos);
    const std::string html = test::read_file(dir.file(scenario.id + ".html"));
    CHECK(html.find("<h1>" + html_escape(scenario.title.en) + "</h1>") != std::string::npos);
    CHECK(html.find("href=\"index.html\"") != std::string::npos);
    CHECK(test::outside_references(html).empty());
  }
}

TEST_CASE(
    "reslab handout of an SQL scenario shows its SQL, each variant's slides as export draws them, the file's "
    "expectations and the verdict") {
  const ScratchDir dir;
  test::bundled_case("h1");
  REQUIRE(run_reslab("handout p4 --out " + dir.file("pages") + " --lang en --quiet") == 0);
  REQUIRE(run_reslab("export p4 --variant sqlite-immediate --out " + dir.file("frames") +
                     " --size 1600x900 --lang en --quiet") == 0);
  const std::string html = test::read_file(dir.file("pages/p4.html"));
  CHECK(test::outside_references(html).empty());
  CHECK(html.find("<code>UPDATE test SET value = 11 WHERE id = 1</code>") != std::string::npos);
  const std::vector<std::string> images = test::sources(html);
  REQUIRE(images.size() == 24);  // six steps under each of SQLite's four variants
  // The second variant's slides, immediate on a rollback journal, are export's frames.
  const std::string prefix = "data:image/png;base64,";
  for (int step = 1; step <= 6; ++step) {
    INFO("step " << step);
    const std::string& image = images[static_cast<std::size_t>(5 + step)];
    REQUIRE(image.rfind(prefix, 0) == 0);
    const RgbaImage slide = decode(test::base64_decode(std::string_view(image).substr(prefix.size())), dir);
    const RgbaImage frame =
        test::load_png(dir.file("frames/p4-sqlite-immediate-step0" + std::to_string(step) + ".png"));
    CHECK(slide.pixels == frame.pixels);
  }
  CHECK(html.find("Result: <span class=\"prevented\">prevented (SQLITE_BUSY, wait)</span>") !=
        std::string::npos);
  CHECK(html.find(
            html_escape("Will t2_write fail, and with which code? Expected: it fails with SQLITE_BUSY. The "
                        "run: it fails with SQLITE_BUSY. As expected.")) != std::string::npos);
  CHECK(html.find("id=\"interleavings\"") != std::string::npos);
}

TEST_CASE("reslab handout that cannot write its page exits 1 and leaves what was in the way") {
  const ScratchDir dir;
  std::filesystem::create_directories(dir.file("h4.html"));
  std::ofstream(dir.file("h4.html/notes.txt")) << "my notes";
  CHECK(run_reslab("handout h4 --out " + dir.path() + " --lang en --quiet") == 1);
  CHECK(test::read_file(dir.file("h4.html/notes.txt")) == "my notes");
  int entries = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) entries += entry.exists();
  CHECK(entries == 1);  // no half-written page beside it
}

}  // namespace
}  // namespace reslab
