#include <cstdio>

#include "core/trace_format.hpp"

namespace reslab {
namespace {

using Json = nlohmann::ordered_json;

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t hash = 1469598103934665603ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

}  // namespace

std::string trace_hash(const Trace& trace) {
  // Only language-free content: tables, figures, invariant verdicts, outcomes, wakes.
  Json content = Json::array();
  auto add_state = [&](const CommittedState& state) {
    Json verdicts = Json::array();
    for (const auto& invariant : state.invariants) verdicts.push_back({invariant.name, invariant.holds});
    content.push_back({tables_to_json(state.tables), figures_to_json(state.figures), std::move(verdicts)});
  };
  content.push_back({trace.scenario, std::string(model_name(trace.model)), trace.order});
  add_state(*trace.initial);
  for (const auto& step : trace.steps) {
    Json wakes = Json::array();
    for (const auto& wake : step.wakes) wakes.push_back({wake.actor, wake.event, wake.outcome});
    content.push_back({step.index, step.time, step.actor, step.event, step.outcome, std::move(wakes)});
    add_state(*step.committed);
  }
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(fnv1a(content.dump())));
  return buffer;
}

}  // namespace reslab
