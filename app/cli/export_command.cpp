// [SECTION] index: options · writing the pictures · run_export
#include "app/cli/export_command.hpp"

#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

#include "app/cli/exit_codes.hpp"
#include "app/cli/hidden_on_slide.hpp"
#include "app/cli/lang_option.hpp"
#include "app/export/slide_camera.hpp"
#include "app/platform/font_lookup.hpp"
#include "app/platform/platform_paths.hpp"
#include "app/platform/png_writer.hpp"
#include "app/text/number_text.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/sql_scenario_loader.hpp"
#include "core/sim/sql_scenario_steps.hpp"

namespace reslab {
namespace {

// [SECTION] options
std::pair<int, int> parse_size(const std::string& text) {
  const auto x = text.find('x');
  int width = 0, height = 0;
  const bool ok = x != std::string::npos &&
                  std::from_chars(text.data(), text.data() + x, width).ec == std::errc() &&
                  std::from_chars(text.data() + x + 1, text.data() + text.size(), height).ec == std::errc();
  if (!ok || width < 640 || height < 400 || width > 7680 || height > 4320)
    throw UsageError("--size must be WIDTHxHEIGHT between 640x400 and 7680x4320, not '" + text + "'");
  return {width, height};
}

std::vector<Model> parse_models(const std::string& text) {
  if (text == "both") return {Model::naive, Model::atomic};
  Model model;
  if (!parse_model(text, model))
    throw UsageError("--model must be naive, atomic or both, not '" + text + "'");
  return {model};
}

// [SECTION] writing the pictures
struct Written {
  int pictures = 0, hiding = 0;
  double total_ms = 0;
};

// One PNG per step of the run the camera holds: `DIR/<scenario>-<name>-stepNN.png`, each checked for what it
// hides. `name` is the model or the variant, with the backend where the file names must say it. Returns
// an error message, or "".
std::string write_steps(SlideCamera& camera, const LabSession& session, const ExportOptions& options,
                        const std::string& name, SlideName slide, Written& written) {
  const int steps = session.step_count();
  if (!session.stopped().empty())
    std::cerr << "reslab export: " << slide.model << ": stops after step " << steps << ": "
              << session.stopped() << "\n";
  for (int step = options.from; step <= steps; ++step) {
    const auto started = std::chrono::steady_clock::now();
    const RgbaImage image = camera.capture(step);
    const std::string path = (std::filesystem::path(options.out) /
                              (session.scenario().id + "-" + name + "-step" + two_digits(step) + ".png"))
                                 .string();
    const std::string error =
        image.pixels.empty() ? "the offscreen framebuffer could not be created" : write_png(path, image);
    if (!error.empty()) return error;
    written.total_ms +=
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    ++written.pictures;
    // Written all the same (the exit status does not change): the warning says what to look at.
    slide.step = step;
    if (const std::string hidden = hidden_on_slide(slide, camera.clipped()); !hidden.empty()) {
      std::cerr << (options.quiet ? "" : "\n") << "reslab export: warning: " << hidden << "\n";
      ++written.hiding;
    }
    if (!options.quiet)
      std::cerr << "\rexporting " << session.scenario().id << " " << slide.model << ": step " << step << "/"
                << steps << "   " << std::flush;
  }
  return {};
}

// An SQL scenario's variants to export: --variant, the ids --model lists, or (both, the default) every
// variant of the backend chosen. Their backends' servers are started now, so a missing one is one clear
// error.
std::vector<const SqlVariant*> variants_to_export(const SqlScenario& scenario, const ExportOptions& options) {
  std::vector<const SqlVariant*> variants;
  std::vector<std::string> ids;
  if (!options.variant.empty()) {
    ids.push_back(options.variant);
  } else if (options.model != "both") {
    ids = split_order(options.model);
  }
  for (const auto& id : ids) {
    const SqlVariant* variant = scenario.find_variant(id);
    if (!variant)
      throw UsageError("no variant '" + id + "' in " + scenario.file +
                       " (an SQL scenario's --model takes its "
                       "variant ids, comma separated, or both for every variant of the backend)");
    variants.push_back(variant);
  }
  if (ids.empty()) {
    const BackendOptions backend = with_default_backend(options.backend, scenario.backend);
    variants = scenario.variants_on(chosen_backend(backend));
    if (variants.empty()) {
      const auto why = scenario.not_on.find(named_backend(backend));
      throw UsageError(scenario.file + " has no variant on " +
                       std::string(backend_name(named_backend(backend))) +
                       (why == scenario.not_on.end() ? "" : ": " + why->second.en));
    }
    return variants;
  }
  for (const SqlVariant* variant : variants) {
    BackendOptions backend = options.backend;
    backend.backend = backend_name(variant->backend);
    chosen_backend(backend);
  }
  return variants;
}

}  // namespace

// [SECTION] run_export
int run_export(const ExportOptions& options) {
  // Everything the user typed is checked before a window opens or a file is written.
  const auto [width, height] = parse_size(options.size);
  if (options.scale != 1 && options.scale != 2) throw UsageError("--scale must be 1 or 2");
  const Lang lang = lang_option(options.lang);
  if (!options.preset.empty() && !options.order.empty())
    throw UsageError("give --preset or --order, not both");
  if (options.frame != "window" && options.frame != "content")
    throw UsageError("--frame must be window or content, not '" + options.frame + "'");
  if (options.from != 0 && options.from != 1) throw UsageError("--from must be 0 or 1");
  const std::string file = resolve_scenario(options.scenario);
  const bool sql = is_sql_scenario_file(file);
  if (!sql && !options.variant.empty())
    throw UsageError("--variant is for SQL scenarios; a case has --model");
  if (options.out.empty()) throw UsageError("--out DIR is required");

  // What runs: a case's models on one backend, or an SQL scenario's variants (each names its backend).
  struct Run {
    std::string name;  // in the file names: the model (with a backend other than SQLite), or the variant
    std::string model_or_variant;
    std::optional<Model> model;
  };
  std::vector<Run> runs;
  std::string preset;
  std::vector<std::string> order;
  Backend backend = Backend::sqlite;
  std::string id;
  if (sql) {
    const SqlScenario scenario = load_sql_scenario_file(file);
    const Scenario view = sql_case_view(scenario);
    id = scenario.id;
    for (const SqlVariant* variant : variants_to_export(scenario, options))
      runs.push_back({variant->id, variant->id, {}});
    if (!options.order.empty()) order = split_order(options.order);
    for (const auto& step : order)
      if (!view.find_event(step)) throw UsageError("no step named '" + step + "' in " + file);
    preset =
        options.order.empty() ? (options.preset.empty() ? view.presets.front().name : options.preset) : "";
    if (!preset.empty() && !view.find_preset(preset))
      throw UsageError("no permutation named '" + preset + "' in " + file);
  } else {
    const Scenario scenario = load_scenario_file(file);
    id = scenario.id;
    PlanRequest request;
    if (!options.preset.empty()) request.preset = options.preset;
    if (!options.order.empty()) request.order = split_order(options.order);
    const Plan plan = make_plan(scenario, request);
    backend = chosen_backend(options.backend);
    // SQLite's files keep their names; another backend's say which.
    const std::string on_backend = backend == Backend::sqlite ? "" : "-" + std::string(backend_name(backend));
    for (const Model model : parse_models(options.model))
      runs.push_back({std::string(model_name(model)) + on_backend, std::string(model_name(model)), model});
    preset = options.order.empty() ? plan.preset : "";
    if (!options.order.empty()) order = plan.order;
  }
  if (const std::string error = ensure_dir(options.out); !error.empty()) throw UsageError(error);

  SlideCamera camera(find_font, file, lang, width, height, options.scale, options.frame == "content");
  Written written;
  for (const Run& run : runs) {
    const LabSession& session = run.model ? camera.run(*run.model, preset, order, backend)
                                          : camera.run_variant(run.model_or_variant, preset, order);
    const SlideName slide{id, preset, run.model_or_variant, 0, width, height, options.scale, lang};
    if (const std::string error = write_steps(camera, session, options, run.name, slide, written);
        !error.empty()) {
      std::cerr << "\nreslab export: " << error << "\n";
      return kExitFailed;
    }
  }
  if (!options.quiet) std::cerr << "\n";
  if (written.hiding > 0)
    std::cerr << "reslab export: warning: " << written.hiding << " of " << written.pictures
              << " pictures hide something a step changed (see above); a larger --size shows more\n";
  std::cout << "wrote " << written.pictures << " PNG files to " << options.out << " ("
            << width * options.scale << "x" << height * options.scale << ", "
            << static_cast<int>(written.pictures ? written.total_ms / written.pictures : 0)
            << " ms per image)\n";
  return 0;
}

}  // namespace reslab
