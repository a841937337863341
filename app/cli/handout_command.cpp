// [SECTION] index: checking the input · one case · run_handout
#include "app/cli/handout_command.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>

#include "app/cli/exit_codes.hpp"
#include "app/cli/hidden_on_slide.hpp"
#include "app/cli/lang_option.hpp"
#include "app/export/slide_camera.hpp"
#include "app/handout/handout_page.hpp"
#include "app/handout/sql_handout_page.hpp"
#include "app/platform/font_lookup.hpp"
#include "app/platform/platform_paths.hpp"
#include "app/platform/png_writer.hpp"
#include "app/text/text_file.hpp"
#include "app/text/ui_text.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/simulator.hpp"
#include "core/sim/sql_scenario_loader.hpp"
#include "core/sim/sql_scenario_steps.hpp"

namespace reslab {
namespace {

// A problem after the window opened: a picture that could not be made, a page that could not be written.
class HandoutFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// [SECTION] checking the input
struct CaseFile {
  std::string file;
  std::string command;  // how to open it in the app
  Scenario scenario;    // a case, or an SQL scenario as the app steps it
  std::shared_ptr<const SqlScenario> sql;
};

std::vector<CaseFile> load_cases(const HandoutOptions& options) {
  if (options.all && !options.scenario.empty()) throw UsageError("give a SCENARIO or --all, not both");
  if (!options.all && options.scenario.empty())
    throw UsageError(
        "give a SCENARIO (a bundled id such as h1, or a .toml file), or --all for every bundled case");
  std::vector<std::string> files;
  if (options.all) {
    files = bundled_scenario_files();
    if (files.empty()) throw UsageError("no bundled scenarios were found; set RESLAB_SCENARIO_DIR");
    for (const auto& file : isolation_scenario_files()) files.push_back(file);
  } else {
    files.push_back(resolve_scenario(options.scenario));
  }
  std::vector<CaseFile> cases;
  const auto isolation = isolation_scenario_files();
  for (const auto& file : files) {
    const bool bundled =
        is_bundled_scenario(file) || std::find(isolation.begin(), isolation.end(), file) != isolation.end();
    if (is_sql_scenario_file(file)) {
      auto sql = std::make_shared<const SqlScenario>(load_sql_scenario_file(file));
      Scenario view = sql_case_view(*sql);
      const std::string command = "reslab " + (bundled ? sql->id : file);
      cases.push_back({file, command, std::move(view), std::move(sql)});
      continue;
    }
    Scenario scenario = load_scenario_file(file);
    const std::string command = "reslab " + (bundled ? scenario.id : file);
    cases.push_back({file, command, std::move(scenario), nullptr});
  }
  return cases;
}

// [SECTION] one case
// Every order of the first preset goes on the page; a case with more than this many orders gets a
// sample (the page says so), so that `handout --all` stays quick.
constexpr std::uint64_t kHandoutOrderLimit = 2'000;

// Every step of the run the camera holds as a PNG, each checked as `reslab export` checks its pictures:
// a slide that hides what its step changed goes in all the same, with a warning naming what it hides.
std::vector<std::vector<std::uint8_t>> capture_slides(SlideCamera& camera, int steps, SlideName slide,
                                                      bool quiet) {
  std::vector<std::vector<std::uint8_t>> slides;
  for (int step = 1; step <= steps; ++step) {
    const RgbaImage image = camera.capture(step);
    if (image.pixels.empty()) throw HandoutFailure("the offscreen framebuffer could not be created");
    std::vector<std::uint8_t> png;
    if (const std::string error = encode_png_to_memory(image, png); !error.empty())
      throw HandoutFailure(error);
    slides.push_back(std::move(png));
    slide.step = step;
    if (const std::string hidden = hidden_on_slide(slide, camera.clipped()); !hidden.empty())
      std::cerr << (quiet ? "" : "\n") << "reslab handout: warning: " << hidden << "\n";
    if (!quiet)
      std::cerr << "\rhandout " << slide.scenario << " " << slide.model << ": slide " << step << "/" << steps
                << "   " << std::flush;
  }
  return slides;
}

class CaseRenderer {
 public:
  CaseRenderer(const CaseFile& source, Lang lang, bool quiet)
      : m_source(source), m_lang(lang), m_quiet(quiet) {}

  // The first preset (or the file's order) as slides in both models, the other presets as tables.
  HandoutCase render() {
    const Scenario& scenario = m_source.scenario;
    HandoutCase handout;
    handout.scenario = &scenario;
    handout.command = m_source.command;
    handout.slide_width = kHandoutSlideWidth;
    handout.slide_height = kHandoutSlideHeight;
    handout.slides.preset = scenario.presets.empty() ? nullptr : &scenario.presets.front();
    SlideCamera camera(find_font, m_source.file, m_lang, kHandoutSlideWidth, kHandoutSlideHeight, 1);
    for (const Model model : {Model::naive, Model::atomic})
      handout.slides.runs.push_back(slides(camera, model));
    if (handout.slides.preset) {
      ExploreRequest request;
      request.preset = handout.slides.preset->name;
      request.limit = kHandoutOrderLimit;
      handout.orders = explore(scenario, request);
    }
    for (std::size_t i = 1; i < scenario.presets.size(); ++i) {
      HandoutPreset table{&scenario.presets[i], {}};
      for (const Model model : {Model::naive, Model::atomic})
        table.runs.push_back(replay(model, table.preset));
      handout.tables.push_back(std::move(table));
    }
    if (!m_quiet) std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
    return handout;
  }

 private:
  Plan plan_for(Model model, const Preset* preset) const {
    PlanRequest request;
    request.model = model;
    if (preset) request.preset = preset->name;
    return make_plan(m_source.scenario, request);
  }

  HandoutRun slides(SlideCamera& camera, Model model) {
    const Plan plan =
        plan_for(model, m_source.scenario.presets.empty() ? nullptr : &m_source.scenario.presets.front());
    const LabSession& session =
        camera.run(model, plan.preset, plan.preset.empty() ? plan.order : std::vector<std::string>{});
    HandoutRun run{model, session.trace(), session.stopped(), {}};
    run.slides = capture_slides(camera, session.step_count(),
                                {m_source.scenario.id, plan.preset, std::string(model_name(model)), 0,
                                 kHandoutSlideWidth, kHandoutSlideHeight, 1, m_lang},
                                m_quiet);
    return run;
  }

  HandoutRun replay(Model model, const Preset* preset) const {
    PartialReplay replay = replay_as_far_as_possible(m_source.scenario, plan_for(model, preset));
    return {model, std::move(replay.trace), std::move(replay.stopped), {}};
  }

  const CaseFile& m_source;
  Lang m_lang;
  bool m_quiet;
};

// An SQL scenario: its first permutation under each variant of the backend as slides, and the first
// interleavings under each, counted by what they gave.
class SqlCaseRenderer {
 public:
  SqlCaseRenderer(const CaseFile& source, Lang lang, bool quiet, Backend backend)
      : m_source(source), m_lang(lang), m_quiet(quiet), m_backend(backend) {}

  SqlHandout render() {
    const SqlScenario& sql = *m_source.sql;
    SqlHandout handout;
    handout.scenario = &sql;
    handout.view = &m_source.scenario;
    handout.command = m_source.command;
    handout.slide_width = kHandoutSlideWidth;
    handout.slide_height = kHandoutSlideHeight;
    handout.permutation = m_source.scenario.presets.front().name;
    SlideCamera camera(find_font, m_source.file, m_lang, kHandoutSlideWidth, kHandoutSlideHeight, 1);
    for (const SqlVariant* variant : sql.variants_on(m_backend)) {
      handout.runs.push_back(slides(camera, *variant, handout.permutation));
      SqlExploredVariant explored = explore_sql_variant(sql, *variant, kDefaultInterleavings);
      handout.interleavings.push_back(std::move(explored));
    }
    if (!m_quiet) std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
    return handout;
  }

 private:
  SqlHandoutRun slides(SlideCamera& camera, const SqlVariant& variant, const std::string& permutation) {
    const LabSession& session = camera.run_variant(variant.id, permutation);
    SqlHandoutRun run{&variant, session.trace(), {}};
    run.slides = capture_slides(camera, session.step_count(),
                                {m_source.scenario.id, permutation, variant.id, 0, kHandoutSlideWidth,
                                 kHandoutSlideHeight, 1, m_lang},
                                m_quiet);
    return run;
  }

  const CaseFile& m_source;
  Lang m_lang;
  bool m_quiet;
  Backend m_backend;
};

void write_page(const std::string& path, const std::string& html) {
  if (const std::string error = write_text_file(path, html); !error.empty()) throw HandoutFailure(error);
}

std::string megabytes(std::size_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return text;
}

}  // namespace

// [SECTION] run_handout
int run_handout(const HandoutOptions& options) {
  // Everything the user typed is checked, and every case loaded, before a window opens or a file is written.
  const Lang lang = lang_option(options.lang);
  const std::vector<CaseFile> cases = load_cases(options);
  if (options.out.empty()) throw UsageError("--out DIR is required");
  UiText text;
  if (const std::string error = text.load_installed(); !error.empty()) {
    std::cerr << "reslab handout: " << error << "\n";
    return kExitFailed;
  }
  if (const std::string error = ensure_dir(options.out); !error.empty()) throw UsageError(error);

  // The SQL scenarios' variants are the backend's; its server is started now, so a missing one is one error.
  bool any_sql = false;
  for (const CaseFile& source : cases) any_sql = any_sql || source.sql;
  const Backend backend = any_sql ? chosen_backend(options.backend) : Backend::sqlite;

  try {
    std::vector<const Scenario*> written, tests;
    for (const CaseFile& source : cases) {
      std::string html;
      std::size_t slides = 0;
      std::string more;
      if (source.sql) {
        SqlHandout handout = SqlCaseRenderer(source, lang, options.quiet, backend).render();
        handout.indexed = options.all;
        html = sql_handout_page_html(handout, text, lang);
        for (const SqlHandoutRun& run : handout.runs) slides += run.slides.size();
        more = std::to_string(handout.runs.size()) + " variants, ";
        tests.push_back(&source.scenario);
      } else {
        HandoutCase handout = CaseRenderer(source, lang, options.quiet).render();
        handout.indexed = options.all;
        html = handout_page_html(handout, text, lang);
        for (const HandoutRun& run : handout.slides.runs) slides += run.slides.size();
        const std::size_t tables = handout.tables.size();
        more = (tables ? std::to_string(tables) : "no") +
               (tables == 1 ? " other order as a step table, " : " other orders as step tables, ");
        written.push_back(&source.scenario);
      }
      const std::string path =
          (std::filesystem::path(options.out) / handout_file_name(source.scenario)).string();
      write_page(path, html);
      std::cout << "wrote " << path << " (" << slides << " slides, " << more << megabytes(html.size())
                << ")\n";
    }
    if (options.all) {
      if (!tests.empty()) {
        // The isolation lab's table, run live as `reslab isolation` runs it, each cell linking to its test.
        const IsolationTable table = run_isolation_table(backend);
        const std::string path = (std::filesystem::path(options.out) / kIsolationHandoutFile).string();
        write_page(path, isolation_handout_html(table, text, lang));
        std::cout << "wrote " << path << " (" << table.results.size() << " cells on "
                  << backend_display(backend) << ")\n";
      }
      const std::string path = (std::filesystem::path(options.out) / "index.html").string();
      write_page(path, handout_index_html(written, tests, text, lang));
      std::cout << "wrote " << path << " (links to " << written.size() << " cases and " << tests.size()
                << " isolation tests)\n";
    }
  } catch (const HandoutFailure& e) {
    if (!options.quiet) std::cerr << "\n";
    std::cerr << "reslab handout: " << e.what() << "\n";
    return kExitFailed;
  }
  return kExitOk;
}

}  // namespace reslab
