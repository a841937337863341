// [SECTION] index: shared options · trace · check · default command · run_cli
#include "app/cli/cli.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <optional>

#include "app/cli/backend_options.hpp"
#include "app/cli/convert_command.hpp"
#include "app/cli/exit_codes.hpp"
#include "app/cli/explore_command.hpp"
#include "app/cli/export_command.hpp"
#include "app/cli/handout_command.hpp"
#include "app/cli/isolation_command.hpp"
#include "app/cli/lang_option.hpp"
#include "app/cli/load_command.hpp"
#include "app/cli/race_command.hpp"
#include "app/gui_context.hpp"
#include "app/platform/gui_main.hpp"
#include "core/formats/explore_markdown.hpp"
#include "core/formats/trace_json.hpp"
#include "core/formats/trace_markdown.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/preset_check.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/servers.hpp"
#include "core/sim/simulator.hpp"
#include "core/sim/spec_file.hpp"
#include "core/sim/sql_scenario_loader.hpp"

namespace reslab {
namespace {

// [SECTION] shared options
struct TraceOptions {
  std::string scenario;
  std::string model = "atomic";
  std::string preset;
  std::string order;
  bool order_given = false;  // `--order ""` runs no step
  std::vector<std::string> at;
  std::string variant;          // SQL scenarios
  std::size_t permutation = 0;  // SQL scenarios; 0: the first (isolationtester's format: every one)
  std::string format = "markdown";
  std::string lang;
  BackendOptions backend;
};

Plan plan_from(const Scenario& scenario, const TraceOptions& options) {
  PlanRequest request;
  if (!parse_model(options.model, request.model))
    throw UsageError("--model must be naive or atomic, not '" + options.model + "'");
  request.backend = chosen_backend(options.backend);
  if (!options.preset.empty()) request.preset = options.preset;
  if (options.order_given)
    request.order = options.order.empty() ? std::vector<std::string>{} : split_order(options.order);
  for (const auto& item : options.at) request.at.push_back(parse_at(item));
  return make_plan(scenario, request);
}

// [SECTION] trace
int trace_command(const TraceOptions& options) {
  if (const std::string file = resolve_scenario(options.scenario); is_sql_scenario_file(file))
    return run_sql_trace({file, options.variant, options.permutation,
                          options.order_given && !options.order.empty() ? split_order(options.order)
                                                                        : std::vector<std::string>{},
                          options.format, options.lang, options.backend});
  const Lang lang = lang_option(options.lang);
  if (options.format != "markdown" && options.format != "json")
    throw UsageError("--format must be markdown or json, not '" + options.format + "'");
  const Scenario scenario = load_scenario_file(resolve_scenario(options.scenario));
  const Trace trace = run_plan(scenario, plan_from(scenario, options));
  if (options.format == "json") {
    std::cout << trace_to_json(trace, scenario, lang).dump(2) << "\n";
  } else {
    std::cout << trace_to_markdown(trace, scenario, lang);
    // Is this order just unlucky? Every order of the preset's events, on SQLite (quick, and the same
    // tables a PostgreSQL trace shows where the backends agree).
    if (!trace.preset.empty() && trace.backend == Backend::sqlite)
      std::cout << "\n" << every_order_section(scenario, trace.preset, lang);
  }
  return kExitOk;
}

// [SECTION] check
std::string counted(std::size_t count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

// A file is good when it loads, its initial rows fit the schema, and every preset runs under at
// least one model (a preset may stop in one model by design: a warning). Each good file gets its ok
// line, also after a bad one; bundled ids (h1, t2, ...) are taken as trace takes them.
int check_command(const std::vector<std::string>& files, const BackendOptions& backend_options) {
  const Backend backend = chosen_backend(backend_options);
  int exit_code = kExitOk;
  for (const auto& name : files) {
    try {
      const std::string file = resolve_scenario(name);
      if (is_sql_scenario_file(file)) {
        if (!check_sql_scenario(file, backend_options)) exit_code = kExitBadInput;
        continue;
      }
      const Scenario scenario = load_scenario_file(file);
      int warnings = 0;
      bool errors = false;
      for (const auto& problem : check_presets(scenario, std::string(backend_name(backend)))) {
        std::cerr << problem.text() << "\n";
        errors = errors || problem.error;
        warnings += problem.error ? 0 : 1;
      }
      if (errors) {
        exit_code = kExitBadInput;
        continue;
      }
      std::cout << file << ": ok (" << scenario.id << ", " << counted(scenario.actors.size(), "actor") << ", "
                << counted(scenario.events.size(), "event") << ", "
                << counted(scenario.presets.size(), "preset")
                << (warnings ? ", " + counted(static_cast<std::size_t>(warnings), "warning") : "") << ")\n";
    } catch (const ScenarioError& e) {
      std::cerr << e.what() << "\n";
      exit_code = kExitBadInput;
    } catch (const UsageError& e) {
      std::cerr << "reslab: " << e.what() << "\n";
      exit_code = kExitBadInput;
    }
  }
  return exit_code;
}

// [SECTION] default command
// Opens the desktop app. A scenario named on the command line is checked first,
// so a bad file is an error here (exit 2) rather than a window with a banner.
int default_command(const std::string& scenario_name, const std::string& lang_code, bool first_frame_only,
                    const BackendOptions& backend_options, bool backend_given) {
  if (!lang_code.empty()) lang_option(lang_code);
  // A scenario that cannot be used opens the window on H1 with the error shown, as the picker does; the
  // terminal hears of it too.
  if (!scenario_name.empty()) {
    try {
      if (const std::string file = resolve_scenario(scenario_name); is_sql_scenario_file(file))
        load_sql_scenario_file(file);
      else
        load_scenario_file(file);
    } catch (const ScenarioError& e) {
      std::cerr << e.what() << "\nreslab: opening H1 instead\n";
    } catch (const UsageError& e) {
      std::cerr << "reslab: " << e.what() << "\nreslab: opening H1 instead\n";
    }
  }
  // A .spec is PostgreSQL's: without --backend the window opens it there.
  const bool spec = !backend_given && !scenario_name.empty() && is_spec_path(scenario_name);
  const Backend backend = spec ? Backend::postgres : named_backend(backend_options);
  backend_given = backend_given || spec;
  // The window opens at once; a server named by --pg (or a private one) is reached in the background.
  if (needs_server(backend)) start_server_async(backend, server_request(backend_options, backend));
  try {
    return run_gui(scenario_name, lang_code, first_frame_only,
                   backend_given ? std::string(backend_name(backend)) : std::string());
  } catch (const DisplayError& e) {
    std::cerr << "reslab: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace

// [SECTION] run_cli
int run_cli(int argc, char** argv) {
  CLI::App app{
      "reslab: a lab for why reservation systems oversell, and how transactions, conditional updates "
      "and idempotency prevent it."};
  app.set_version_flag("--version", std::string("reslab ") + RESLAB_VERSION);
  std::string default_scenario;
  std::string default_lang;
  app.add_option(
      "scenario", default_scenario,
      "Bundled scenario id (h1, h2, ...) or a .toml file to open (default: the last one used, H1 the first time)");
  app.add_option("--lang", default_lang, "zh or en (default: from the locale)");
  bool first_frame_only = false;
  BackendOptions default_backend;
  add_backend_options(app, default_backend);
  app.add_flag("--first-frame-only", first_frame_only, "Exit after the first frame (start-up benchmark)")
      ->group("");  // not in --help

  TraceOptions trace;
  CLI::App* trace_cmd = app.add_subcommand("trace", "Run a scenario and print its trace");
  trace_cmd->add_option("scenario", trace.scenario, "Bundled scenario id, a .toml or a .spec file")
      ->required();
  trace_cmd->add_option("--model", trace.model, "naive or atomic (default atomic)");
  trace_cmd->add_option("--preset", trace.preset, "Preset name (default: the scenario's first)");
  trace_cmd->add_option(
      "--order", trace.order,
      "Event ids to run, comma separated, e.g. A1,B1,A2,B2 (an SQL scenario: its step names)");
  trace_cmd->add_option("--at", trace.at, "Move an event in time: ID=SECONDS (repeatable)");
  trace_cmd->add_option("--format", trace.format,
                        "markdown or json (default markdown); for a .spec file also isolationtester (its "
                        "output, byte for byte)");
  trace_cmd->add_option("--lang", trace.lang, "zh or en (default: from the locale)");
  trace_cmd->add_option("--variant", trace.variant,
                        "SQL scenarios: the variant (default: the first on the backend)");
  trace_cmd->add_option(
      "--permutation", trace.permutation,
      "SQL scenarios: which permutation, from 1 (default 1; isolationtester's format: all)");
  add_backend_options(*trace_cmd, trace.backend);

  IsolationOptions isolation_options;
  CLI::App* isolation_cmd =
      app.add_subcommand("isolation", "Run Hermitage's isolation tests live and print the table");
  isolation_cmd->add_option("--format", isolation_options.format, "markdown or json (default markdown)");
  isolation_cmd->add_option("--lang", isolation_options.lang, "zh or en (default: from the locale)");
  add_backend_options(*isolation_cmd, isolation_options.backend);

  std::vector<std::string> check_files;
  ExploreOptions explore_options;
  CLI::App* explore_cmd =
      app.add_subcommand("explore", "Run every order of a case's events that keeps each actor's own order");
  explore_cmd->add_option("scenario", explore_options.scenario, "Bundled scenario id or a .toml file")
      ->required();
  explore_cmd->add_option("--preset", explore_options.preset,
                          "Whose events to order (default: the first preset)");
  explore_cmd->add_option("--events", explore_options.events,
                          "all: every event of the file instead of a preset's");
  explore_cmd->add_option("--model", explore_options.model, "naive, atomic or both (default both)");
  explore_cmd->add_option("--format", explore_options.format, "markdown or json (default markdown)");
  explore_cmd->add_option("--lang", explore_options.lang, "zh or en (default: from the locale)");
  explore_cmd->add_option("--limit", explore_options.limit,
                          "Above this many orders, run a seeded sample of this many (default 20000)");
  explore_cmd->add_option("--seed", explore_options.seed, "The sample's seed (default 1)");
  add_backend_options(*explore_cmd, explore_options.backend);

  CLI::App* check_cmd = app.add_subcommand("check", "Validate scenario files");
  check_cmd->add_option("files", check_files, "Bundled scenario ids (h1, t2, ...), .toml or .spec files");
  BackendOptions check_backend;
  add_backend_options(*check_cmd, check_backend);

  ConvertOptions convert_options;
  CLI::App* convert_cmd = app.add_subcommand(
      "convert",
      "Write a .spec (PostgreSQL's isolationtester) as an SQL scenario, or an SQL scenario as a .spec");
  convert_cmd->add_option("file", convert_options.file, "A .spec file, or an SQL scenario (.toml)")
      ->required();
  convert_cmd->add_option("--to", convert_options.to, "toml or spec (default: toml for a .spec, else spec)");
  convert_cmd->add_option("--variant", convert_options.variant,
                          "--to spec: the variant whose BEGIN opens each session (default: the first on "
                          "PostgreSQL)");
  convert_cmd->add_option("-o,--out", convert_options.out, "The file to write (default: standard output)");

  ExportOptions export_options;
  CLI::App* export_cmd = app.add_subcommand(
      "export",
      "Write one PNG per step of each model (needs a display; Xvfb works); an SQL scenario writes one per step of "
      "each variant asked for, DIR/<id>-<variant>-stepNN.png");
  export_cmd->add_option("scenario", export_options.scenario, "Bundled scenario id, a .toml or a .spec file")
      ->required();
  export_cmd->add_option("--out", export_options.out, "Folder for the PNG files (created when needed)")
      ->required();
  export_cmd->add_option("--model", export_options.model,
                         "naive, atomic or both (default both); an SQL scenario: its variant ids, comma "
                         "separated (default: every variant of the backend)");
  export_cmd->add_option("--variant", export_options.variant, "SQL scenarios: one variant, as --model ID");
  export_cmd->add_option("--preset", export_options.preset,
                         "Preset name, an SQL scenario's permutation (default: the scenario's first)");
  export_cmd->add_option("--order", export_options.order,
                         "Event ids (an SQL scenario: step names) to run, comma separated");
  export_cmd->add_option("--size", export_options.size, "Window size in logical pixels (default 1920x1080)");
  export_cmd->add_option("--scale", export_options.scale, "1 or 2: pixels per logical pixel (default 1)");
  export_cmd->add_option("--lang", export_options.lang, "zh or en (default: from the locale)");
  export_cmd->add_flag("--quiet", export_options.quiet, "No progress line");
  export_cmd->add_option(
      "--frame", export_options.frame,
      "window (default): the app as it looks; content: without its toolbar, as presentation "
      "mode shows it");
  export_cmd->add_option("--from", export_options.from,
                         "First step written: 1 (default), or 0 for the state before "
                         "the first event");
  add_backend_options(*export_cmd, export_options.backend);

  HandoutOptions handout_options;
  CLI::App* handout_cmd = app.add_subcommand(
      "handout",
      "Write a self-contained HTML handout per case: slides of both models, step tables, questions "
      "(needs a display; Xvfb works)");
  handout_cmd->add_option("scenario", handout_options.scenario, "Bundled scenario id or a .toml file");
  handout_cmd->add_option("--out", handout_options.out, "Folder for the HTML files (created when needed)")
      ->required();
  handout_cmd->add_flag("--all", handout_options.all,
                        "Every bundled case, the isolation tests and their table (isolation.html), and an "
                        "index.html linking them");
  handout_cmd->add_option("--lang", handout_options.lang, "zh or en (default: from the locale)");
  handout_cmd->add_flag("--quiet", handout_options.quiet, "No progress line");
  add_backend_options(*handout_cmd, handout_options.backend);

  RaceCommandOptions race_options;
  CLI::App* race_cmd =
      app.add_subcommand("race", "T1: threads, a connection each, race for seat A1 on SQLite or PostgreSQL");
  race_cmd->add_option("--threads", race_options.threads, "Racing threads, 2 to 64 (default 16)");
  race_cmd->add_option("--rounds", race_options.rounds, "Rounds, 1 to 100000 (default 200)");
  race_cmd->add_option("--model", race_options.model, "naive or atomic (default atomic)");
  race_cmd->add_option("--db", race_options.db,
                       "Database file (default: a temporary one, removed afterwards)");
  race_cmd->add_option("--format", race_options.format, "text or json (default text)");
  add_backend_options(*race_cmd, race_options.backend);

  LoadCommandOptions load_options;
  CLI::App* load_cmd = app.add_subcommand(
      "load",
      "L1: the ticketing article's flash sale (seeded intents for numbered seats) on SQLite or PostgreSQL");
  load_cmd->add_option("--seats", load_options.seats, "Numbered seats (default 100000)");
  load_cmd->add_option("--intents", load_options.intents,
                       "Purchase intents in the sale's first minute (default 50000)");
  load_cmd->add_option("--hot-share", load_options.hot_share,
                       "Share of intents aimed at hot seats (default 0.8)");
  load_cmd->add_option("--hot-seats", load_options.hot_seats, "Share of seats that are hot (default 0.1)");
  load_cmd->add_option("--threads", load_options.threads,
                       "queue: admitting threads; race: threads with a connection each (default 16)");
  load_cmd->add_option("--seed", load_options.seed,
                       "Workload seed: the same seed gives the same intents (default 3)");
  load_cmd->add_option("--rate", load_options.rate,
                       "Open loop at this many intents/s (default: closed loop)");
  load_cmd->add_option("--hold-seconds", load_options.hold_seconds,
                       "Hold length in logical seconds (default 600)");
  load_cmd->add_option("--model", load_options.model, "naive or atomic (default atomic)");
  load_cmd->add_option("--engine", load_options.engine,
                       "queue or race (default queue; race for --model naive)");
  load_cmd->add_option("--batch", load_options.batch, "queue: most intents per commit (default 128)");
  load_cmd->add_option("--batch-delay-ms", load_options.batch_delay_ms,
                       "queue: longest wait for a batch to fill (default 1)");
  load_cmd->add_option("--synchronous", load_options.synchronous, "normal or full (default normal)");
  load_cmd->add_option("--checkpoint", load_options.checkpoint,
                       "background or inline: where WAL checkpoints run (default background)");
  load_cmd->add_flag("--no-baseline", load_options.no_baseline, "Skip the one-thread baseline");
  load_cmd->add_option("--db", load_options.db,
                       "Database file (default: a temporary file, removed afterwards)");
  load_cmd->add_option("--format", load_options.format, "text or json (default text)");
  add_backend_options(*load_cmd, load_options.backend);
  load_cmd->add_option("--pg-data", load_options.pg_data,
                       "PostgreSQL: the private durable server's data folder, kept between runs (default: "
                       "reslab/pg-load in your cache folder; never /tmp)");
  load_cmd->add_option("--synchronous-commit", load_options.synchronous_commit,
                       "PostgreSQL: on (default) or off; off risks the last fraction of a second of "
                       "acknowledged commits on a server crash");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitBadInput;
  }

  try {
    trace.order_given = trace_cmd->count("--order") > 0;
    if (*trace_cmd) return trace_command(trace);
    if (*check_cmd) {
      if (check_files.empty()) {
        std::cerr << check_cmd->help() << "reslab check: give one or more scenario files or bundled ids\n";
        return kExitBadInput;
      }
      return check_command(check_files, check_backend);
    }
    if (*explore_cmd) return run_explore(explore_options);
    if (*convert_cmd) return run_convert(convert_options);
    if (*isolation_cmd) return run_isolation(isolation_options);
    if (*race_cmd) return run_race_command(race_options);
    if (*load_cmd) return run_load_command(load_options);
    if (*export_cmd || *handout_cmd) {
      try {
        return *export_cmd ? run_export(export_options) : run_handout(handout_options);
      } catch (const DisplayError& e) {
        std::cerr << "reslab: " << e.what() << "\n";
        return 1;
      }
    }
    return default_command(default_scenario, default_lang, first_frame_only, default_backend,
                           app.count("--backend") > 0 || app.count("--pg") > 0);
  } catch (const ScenarioError& e) {
    std::cerr << e.what() << "\n";
    return kExitBadInput;
  } catch (const UsageError& e) {
    std::cerr << "reslab: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const BackendUnavailableError& e) {
    std::cerr << "reslab: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "reslab: internal error: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace reslab
