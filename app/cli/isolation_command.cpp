#include "app/cli/isolation_command.hpp"

#include <cstdlib>
#include <iostream>

#include "app/cli/exit_codes.hpp"
#include "app/cli/lang_option.hpp"
#include "core/formats/isolationtester_text.hpp"
#include "core/formats/sql_trace.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/isolation_lab.hpp"
#include "core/sim/spec_run.hpp"
#include "core/sim/sql_scenario_loader.hpp"

namespace reslab {
namespace {

void check_format(const std::string& format) {
  if (format != "markdown" && format != "json")
    throw UsageError("--format must be markdown or json, not '" + format + "'");
}

SqlRunOptions run_options_of(const BackendOptions& backend) {
  SqlRunOptions options;
  options.dsn = server_request(backend, named_backend(backend)).dsn;
  return options;
}

// The backend options with the file's own backend where none is named (a .spec is PostgreSQL's).
BackendOptions defaulted(const BackendOptions& options, const SqlScenario& scenario) {
  return with_default_backend(options, scenario.backend);
}

// isolationtester's schedule on PostgreSQL, printed as isolationtester prints it.
int run_isolationtester_trace(const SqlScenario& scenario, const SqlTraceOptions& options) {
  if (!scenario.isolationtester_rules)
    throw UsageError(
        "--format isolationtester runs a .spec file, or an SQL scenario with isolationtester = true; " +
        options.file + " is neither");
  if (!options.order.empty()) throw UsageError("--format isolationtester runs permutations, not --order");
  const BackendOptions backend_options = defaulted(options.backend, scenario);
  const Backend backend = chosen_backend(backend_options);
  SpecLabOptions lab_options;
  for (const auto& session : scenario.sessions) lab_options.sessions.push_back(session.id);
  lab_options.pg_dsn = backend_options.pg;
  const auto lab = open_spec_lab(backend, lab_options);
  SpecRunOptions run_options;
  run_options.permutation = options.permutation;
  // As isolationtester reads it: a step is cancelled after this many seconds (default 300).
  if (const char* timeout = std::getenv("PGISOLATIONTIMEOUT")) {
    const long seconds = std::strtol(timeout, nullptr, 10);
    if (seconds > 0) run_options.max_step_wait = std::chrono::seconds(seconds);
  }
  const SpecTranscript transcript = run_spec(scenario, *lab, run_options);
  const IsolationtesterText text = isolationtester_text(transcript);
  std::cout << text.out << std::flush;
  std::cerr << text.err;
  return transcript.exit_status == 0 ? kExitOk : kExitBadInput;
}

}  // namespace

int run_isolation(const IsolationOptions& options) {
  check_format(options.format);
  const Lang lang = lang_option(options.lang);
  const Backend backend = chosen_backend(options.backend);
  const IsolationTable table = run_isolation_table(backend, run_options_of(options.backend));
  if (table.tests.empty()) throw UsageError("no isolation tests found (scenarios/isolation/ is missing)");
  if (options.format == "json") {
    std::cout << isolation_table_to_json(table).dump(2) << "\n";
  } else {
    std::cout << isolation_table_to_markdown(table, lang);
  }
  return kExitOk;
}

int run_sql_trace(const SqlTraceOptions& given) {
  const SqlScenario scenario = load_sql_scenario_file(given.file);
  if (given.format == "isolationtester") return run_isolationtester_trace(scenario, given);
  check_format(given.format);
  SqlTraceOptions options = given;
  options.backend = defaulted(given.backend, scenario);
  if (options.permutation == 0) options.permutation = 1;
  const Lang lang = lang_option(options.lang);
  const SqlVariant* variant = nullptr;
  if (!options.variant.empty()) {
    variant = scenario.find_variant(options.variant);
    if (!variant) throw UsageError("no variant '" + options.variant + "' in " + options.file);
    if (given.backend.backend.empty() && given.backend.pg.empty() && given.backend.mariadb.empty()) {
      BackendOptions variant_backend;
      variant_backend.backend = backend_name(variant->backend);
      chosen_backend(variant_backend);
    } else if (chosen_backend(options.backend) != variant->backend) {
      throw UsageError("variant '" + options.variant + "' runs on " +
                       std::string(backend_name(variant->backend)));
    }
  } else {
    const Backend backend = chosen_backend(options.backend);
    const auto on_backend = scenario.variants_on(backend);
    if (on_backend.empty()) {
      const auto why = scenario.not_on.find(backend);
      std::string others;
      for (const Backend other : all_backends())
        if (!scenario.variants_on(other).empty())
          others +=
              (others.empty() ? "" : ", ") + std::string("--backend ") + std::string(backend_name(other));
      throw UsageError(options.file + " has no variant on " + std::string(backend_name(backend)) +
                       (why == scenario.not_on.end() ? "" : ": " + why->second.en) +
                       (others.empty() ? "" : " (its variants run with " + others + ")"));
    }
    variant = on_backend.front();
  }
  const std::vector<std::string> permutation =
      options.order.empty() ? sql_permutation(scenario, options.permutation) : options.order;
  if (permutation.empty())
    throw UsageError(
        "--permutation must be 1 to " + std::to_string(default_permutation_count(scenario)) +
        (scenario.permutations.empty() ? " or more (every interleaving of the sessions' steps)" : ""));
  // A permutation of the file carries its markers; an order given by hand has none.
  const SqlRunResult run =
      options.order.empty()
          ? run_sql_permutation(scenario, *variant, options.permutation, run_options_of(options.backend))
          : run_sql_scenario(scenario, *variant, permutation, run_options_of(options.backend));
  if (options.format == "json") {
    std::cout << sql_run_to_json(run, scenario).dump(2) << "\n";
  } else {
    std::cout << sql_run_to_markdown(run, scenario, lang);
  }
  return kExitOk;
}

int run_sql_explore(const std::string& file, const std::string& format, const std::string& lang_code,
                    const BackendOptions& given_backend, std::uint64_t limit) {
  check_format(format);
  const Lang lang = lang_option(lang_code);
  const SqlScenario scenario = load_sql_scenario_file(file);
  const BackendOptions backend_options = defaulted(given_backend, scenario);
  const Backend backend = chosen_backend(backend_options);
  const std::size_t wanted = static_cast<std::size_t>(std::min<std::uint64_t>(limit, kDefaultInterleavings));
  std::vector<SqlExploredVariant> explored;
  for (const SqlVariant* variant : scenario.variants_on(backend))
    explored.push_back(explore_sql_variant(scenario, *variant, wanted, run_options_of(backend_options)));
  if (format == "json") {
    std::cout << sql_exploration_to_json(scenario, explored).dump(2) << "\n";
  } else {
    std::cout << sql_exploration_to_markdown(scenario, explored, lang);
  }
  return kExitOk;
}

bool check_sql_scenario(const std::string& file, const BackendOptions& given_backend) {
  const SqlScenario scenario = load_sql_scenario_file(file);
  const BackendOptions backend_options = defaulted(given_backend, scenario);
  const Backend backend = chosen_backend(backend_options);
  bool good = true;
  std::size_t checked = 0;
  for (const SqlVariant* variant : scenario.variants_on(backend)) {
    const SqlRunResult run = run_sql_permutation(scenario, *variant, 1, run_options_of(backend_options));
    ++checked;
    const SqlExpectation* expectation = scenario.expectation_for(variant->id);
    for (const auto& problem : unmet_expectations(scenario, run)) {
      const SourcePos& pos = expectation ? expectation->pos : variant->pos;
      std::cerr << pos.file << ":" << pos.line << ":" << pos.column << ": variant " << variant->id << ": "
                << problem << "\n";
      good = false;
    }
  }
  if (good)
    std::cout << file << ": ok (" << scenario.id << ", sql, " << scenario.sessions.size() << " sessions, "
              << scenario.steps.size() << " steps, " << checked << " of " << scenario.variants.size()
              << " variants run on " << backend_name(backend) << ")\n";
  return good;
}

}  // namespace reslab
