#include "app/cli/convert_command.hpp"

#include <fstream>
#include <iostream>

#include "app/cli/exit_codes.hpp"
#include "core/formats/spec_convert.hpp"
#include "core/sim/backend.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/spec_file.hpp"
#include "core/sim/sql_scenario_loader.hpp"

namespace reslab {
namespace {

// The variant a spec runs: the one named, else the first on PostgreSQL; none for a file that keeps
// isolationtester's rules (its SQL begins its own transactions). A spec runs on PostgreSQL, the server
// isolationtester drives: another backend's BEGIN would run there as something else, or not at all.
const SqlVariant* spec_variant_of(const SqlScenario& scenario, const std::string& wanted) {
  const auto on_postgres = scenario.variants_on(Backend::postgres);
  std::string postgres_ids;
  for (const SqlVariant* variant : on_postgres)
    postgres_ids += (postgres_ids.empty() ? "" : ", ") + variant->id;
  if (!wanted.empty()) {
    const SqlVariant* variant = scenario.find_variant(wanted);
    if (!variant) throw UsageError("no variant '" + wanted + "' in " + scenario.file);
    if (variant->backend != Backend::postgres) {
      throw UsageError("variant '" + wanted + "' runs on " + std::string(backend_name(variant->backend)) +
                       ", and a .spec runs on PostgreSQL: " +
                       (postgres_ids.empty() ? scenario.file + " has no PostgreSQL variant"
                                             : "choose one of " + postgres_ids));
    }
    return variant->begin.empty() && variant->session_begins.empty() ? nullptr : variant;
  }
  if (scenario.isolationtester_rules) return nullptr;
  if (on_postgres.empty()) {
    throw UsageError(scenario.file +
                     " has no PostgreSQL variant, and a .spec runs on PostgreSQL: its BEGINs " +
                     "would not mean there what they mean on the file's backends");
  }
  return on_postgres.front();
}

}  // namespace

int run_convert(const ConvertOptions& options) {
  const bool from_spec = is_spec_path(options.file);
  const std::string to = options.to.empty() ? (from_spec ? "toml" : "spec") : options.to;
  if (to != "toml" && to != "spec") throw UsageError("--to must be toml or spec, not '" + to + "'");
  if (!is_sql_scenario_file(options.file))
    throw UsageError(options.file + " is not an SQL scenario or a .spec file: only those convert");
  const SqlScenario scenario = load_sql_scenario_file(options.file);
  std::string text;
  if (to == "toml") {
    if (!scenario.isolationtester_rules)
      throw UsageError(options.file + " is an SQL scenario already; --to spec writes it as a .spec");
    if (!options.variant.empty()) throw UsageError("--variant is for --to spec");
    text = sql_scenario_to_toml(scenario);
  } else {
    text = sql_scenario_to_spec(scenario, spec_variant_of(scenario, options.variant));
  }
  if (options.out.empty()) {
    std::cout << text;
    return kExitOk;
  }
  std::ofstream file(options.out, std::ios::binary);
  file << text;
  file.close();
  if (!file) {
    std::cerr << "reslab: cannot write " << options.out << "\n";
    return 1;
  }
  return kExitOk;
}

}  // namespace reslab
