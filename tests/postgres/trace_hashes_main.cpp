// A process that steps every case on its own private PostgreSQL server, as `reslab trace --backend
// postgres` does, for the test that runs several of them at once:
//   reslab_postgres_trace_hashes [FILE.toml...]
// prints "<scenario> <preset> <model> <trace hash>" for every bundled case, preset and model (and for
// each FILE's), with "stopped <reason>" instead of the hash when a step could not run. A server that
// does not start prints its message to stderr and exits 1; without the server binaries it says so and
// exits 77 (skipped), unless RESLAB_REQUIRE_POSTGRES=1.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/backends/postgres/server.hpp"
#include "core/backends/postgres/server_binaries.hpp"
#include "core/desktop_engine.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/simulator.hpp"

int main(int argc, char** argv) {
  using namespace reslab;
  use_desktop_engine();
  std::vector<std::string> files = bundled_scenario_files();
  for (int i = 1; i < argc; ++i) files.emplace_back(argv[i]);
  const char* require = std::getenv("RESLAB_REQUIRE_POSTGRES");
  if (!pg::find_server_bindir() && !(require && std::string(require) == "1")) {
    std::printf("PostgreSQL server binaries not found: skipped (install postgresql-15 to run this test)\n");
    return 77;
  }
  try {
    pg::server(pg::server_options("", false));
  } catch (const pg::BackendUnavailable& error) {
    std::fprintf(stderr, "%s\n", error.what());
    return 1;
  }
  for (const auto& file : files) {
    const Scenario scenario = load_scenario_file(file);
    for (const auto& preset : scenario.presets) {
      for (Model model : {Model::naive, Model::atomic}) {
        PlanRequest request;
        request.model = model;
        request.backend = Backend::postgres;
        request.preset = preset.name;
        const PartialReplay replay = replay_as_far_as_possible(scenario, make_plan(scenario, request));
        const std::string outcome = replay.stopped.empty() ? replay.trace.hash : "stopped " + replay.stopped;
        std::printf("%s %s %s %s\n", scenario.id.c_str(), preset.name.c_str(),
                    std::string(model_name(model)).c_str(), outcome.c_str());
        std::fflush(stdout);
      }
    }
  }
  return 0;
}
