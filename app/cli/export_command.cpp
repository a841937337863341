// [SECTION] index: options · run_export
#include "app/cli/export_command.hpp"

#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

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

}  // namespace

// [SECTION] run_export
int run_export(const ExportOptions& options) {
  // Everything the user typed is checked before a window opens or a file is written.
  const auto [width, height] = parse_size(options.size);
  if (options.scale != 1 && options.scale != 2) throw UsageError("--scale must be 1 or 2");
  const std::vector<Model> models = parse_models(options.model);
  const Lang lang = lang_option(options.lang);
  if (!options.preset.empty() && !options.order.empty())
    throw UsageError("give --preset or --order, not both");
  if (options.frame != "window" && options.frame != "content")
    throw UsageError("--frame must be window or content, not '" + options.frame + "'");
  if (options.from != 0 && options.from != 1) throw UsageError("--from must be 0 or 1");
  const std::string file = resolve_scenario(options.scenario);
  const Scenario scenario = load_scenario_file(file);
  PlanRequest request;
  if (!options.preset.empty()) request.preset = options.preset;
  if (!options.order.empty()) request.order = split_order(options.order);
  const Plan plan = make_plan(scenario, request);
  const Backend backend = chosen_backend(options.backend);
  // SQLite's files keep their names; another backend's say which.
  const std::string on_backend = backend == Backend::sqlite ? "" : "-" + std::string(backend_name(backend));
  if (options.out.empty()) throw UsageError("--out DIR is required");
  if (const std::string error = ensure_dir(options.out); !error.empty()) throw UsageError(error);

  SlideCamera camera(find_font, file, lang, width, height, options.scale, options.frame == "content");

  int written = 0, hiding = 0;
  double total_ms = 0;
  for (const Model model : models) {
    const LabSession& session =
        camera.run(model, options.order.empty() ? plan.preset : "",
                   options.order.empty() ? std::vector<std::string>{} : plan.order, backend);
    const int steps = session.step_count();
    if (!session.stopped().empty())
      std::cerr << "reslab export: " << model_name(model) << ": stops after step " << steps << ": "
                << session.stopped() << "\n";
    for (int step = options.from; step <= steps; ++step) {
      const auto started = std::chrono::steady_clock::now();
      const RgbaImage image = camera.capture(step);
      const std::string path =
          (std::filesystem::path(options.out) / (scenario.id + "-" + std::string(model_name(model)) +
                                                 on_backend + "-step" + two_digits(step) + ".png"))
              .string();
      const std::string error =
          image.pixels.empty() ? "the offscreen framebuffer could not be created" : write_png(path, image);
      if (!error.empty()) {
        std::cerr << "\nreslab export: " << error << "\n";
        return kExitFailed;
      }
      total_ms +=
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
      ++written;
      // Written all the same (the exit status does not change): the warning says what to look at.
      const SlideName slide{
          scenario.id, options.order.empty() ? plan.preset : "", model, step, width, height, options.scale,
          lang};
      if (const std::string hidden = hidden_on_slide(slide, camera.clipped()); !hidden.empty()) {
        std::cerr << (options.quiet ? "" : "\n") << "reslab export: warning: " << hidden << "\n";
        ++hiding;
      }
      if (!options.quiet)
        std::cerr << "\rexporting " << scenario.id << " " << model_name(model) << ": step " << step << "/"
                  << steps << "   " << std::flush;
    }
  }
  if (!options.quiet) std::cerr << "\n";
  if (hiding > 0)
    std::cerr << "reslab export: warning: " << hiding << " of " << written
              << " pictures hide something a step changed (see above); a larger --size shows more\n";
  std::cout << "wrote " << written << " PNG files to " << options.out << " (" << width * options.scale << "x"
            << height * options.scale << ", " << static_cast<int>(written ? total_ms / written : 0)
            << " ms per image)\n";
  return 0;
}

}  // namespace reslab
