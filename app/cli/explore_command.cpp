#include "app/cli/explore_command.hpp"

#include <iostream>

#include "app/cli/isolation_command.hpp"
#include "app/cli/lang_option.hpp"
#include "core/formats/explore_json.hpp"
#include "core/formats/explore_markdown.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/explore.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/sql_scenario_loader.hpp"

namespace reslab {

int run_explore(const ExploreOptions& options) {
  const Lang lang = lang_option(options.lang);
  if (options.format != "markdown" && options.format != "json")
    throw UsageError("--format must be markdown or json, not '" + options.format + "'");
  if (!options.events.empty() && options.events != "all")
    throw UsageError("--events takes 'all' (every event of the file), not '" + options.events + "'");
  if (!options.events.empty() && !options.preset.empty())
    throw UsageError("--preset and --events all choose the events two ways: give one");
  ExploreRequest request;
  if (options.model == "naive") {
    request.models = {Model::naive};
  } else if (options.model == "atomic") {
    request.models = {Model::atomic};
  } else if (options.model != "both") {
    throw UsageError("--model must be naive, atomic or both, not '" + options.model + "'");
  }
  if (options.limit == 0) throw UsageError("--limit must be at least 1");
  request.limit = options.limit;
  request.seed = options.seed;
  request.all_events = options.events == "all";
  if (!options.preset.empty()) request.preset = options.preset;
  if (const std::string file = resolve_scenario(options.scenario); is_sql_scenario_file(file))
    return run_sql_explore(file, options.format, options.lang, options.backend, options.limit);
  const Scenario scenario = load_scenario_file(resolve_scenario(options.scenario));
  request.backend = chosen_backend(options.backend);
  const Exploration exploration = explore(scenario, request);
  if (options.format == "json")
    std::cout << exploration_to_json(exploration, lang).dump(2) << "\n";
  else
    std::cout << exploration_to_markdown(exploration, scenario, lang);
  return 0;
}

}  // namespace reslab
