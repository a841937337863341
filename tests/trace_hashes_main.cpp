// A process that steps every case on its own server of one backend, as `reslab trace --backend NAME`
// does, for the test that runs several of them at once (tests/server_concurrent_test.sh):
//   reslab_trace_hashes --backend postgres|mariadb [FILE.toml...]
// prints "<scenario> <preset> <model> <trace hash>" for every bundled case, preset and model (and for
// each FILE's), with "stopped <reason>" instead of the hash when a step could not run. A server that
// does not start prints its message to stderr and exits 1.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/desktop_engine.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/plan.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/servers.hpp"
#include "core/sim/simulator.hpp"

int main(int argc, char** argv) {
  using namespace reslab;
  use_desktop_engine();
  std::vector<std::string> files = bundled_scenario_files();
  Backend backend = Backend::sqlite;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if (argument == "--backend" && i + 1 < argc) {
      if (!parse_backend(argv[++i], backend)) {
        std::fprintf(stderr, "unknown backend %s\n", argv[i]);
        return 2;
      }
    } else {
      files.push_back(argument);
    }
  }
  try {
    if (needs_server(backend)) open_server(backend, {});
  } catch (const BackendUnavailableError& error) {
    std::fprintf(stderr, "%s\n", error.what());
    return 1;
  }
  for (const auto& file : files) {
    const Scenario scenario = load_scenario_file(file);
    for (const auto& preset : scenario.presets) {
      for (Model model : {Model::naive, Model::atomic}) {
        PlanRequest request;
        request.model = model;
        request.backend = backend;
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
