#include "app/platform/web/self_test.hpp"

#include <exception>

#include "core/sim/plan.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/simulator.hpp"
#include "core/sim/sql_scenario_loader.hpp"
#include "core/sim/sql_scenario_steps.hpp"

namespace reslab::web {

namespace {

// An SQL scenario's first permutation under each variant the page can run: SQLite's without WAL (the
// page's SQLite keeps no WAL journal).
void sql_self_test_lines(const std::string& file, std::vector<std::string>& lines, int* steps) {
  const SqlScenario scenario = load_sql_scenario_file(file);
  const std::vector<std::string> permutation = sql_permutation(scenario, 1);
  const std::string name = scenario.permutations.empty() ? "1" : scenario.permutations.front().name;
  for (const SqlVariant* variant : scenario.variants_on(Backend::sqlite)) {
    if (variant->journal == SqliteJournal::wal) continue;
    std::string line = scenario.id + " " + name + " " + variant->id + " ";
    try {
      const SqlRunResult run = run_sql_scenario(scenario, *variant, permutation);
      if (steps) *steps += static_cast<int>(run.steps.size());
      line += trace_hash(sql_run_trace(scenario, run));
    } catch (const std::exception&) {
      line += "error";
    }
    lines.push_back(std::move(line));
  }
}

}  // namespace

std::vector<std::string> self_test_lines(const std::vector<std::string>& files, int* steps) {
  std::vector<std::string> lines;
  for (const auto& file : files) {
    if (is_sql_scenario_file(file)) {
      sql_self_test_lines(file, lines, steps);
      continue;
    }
    const Scenario scenario = load_scenario_file(file);
    for (const auto& preset : scenario.presets) {
      for (const Model model : {Model::naive, Model::atomic}) {
        std::string line =
            scenario.id + " " + preset.name + " " + (model == Model::naive ? "naive" : "atomic") + " ";
        try {
          PlanRequest request;
          request.model = model;
          request.preset = preset.name;
          const Trace trace = run_plan(scenario, make_plan(scenario, request));
          if (steps) *steps += static_cast<int>(trace.steps.size());
          line += trace_hash(trace);
        } catch (const std::exception& e) {
          line += "error";  // `reslab trace` exits 2 with its message; the hash is what compares
        }
        lines.push_back(std::move(line));
      }
    }
  }
  return lines;
}

}  // namespace reslab::web
