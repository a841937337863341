#include "core/formats/explore_json.hpp"

#include "core/formats/trace_json.hpp"

namespace reslab {
namespace {

using Json = nlohmann::ordered_json;

Json model_to_json(const ModelExploration& summary) {
  Json groups = Json::array();
  for (const auto& group : summary.groups)
    groups.push_back({{"final_hash", group.final_hash},
                      {"count", group.count},
                      {"harmful", group.harmful},
                      {"broken", group.broken},
                      {"figures", figures_to_json(group.figures)},
                      {"example", group.example}});
  Json outcomes = Json::array();
  for (const auto& outcome : summary.outcomes)
    outcomes.push_back({{"count", outcome.count},
                        {"harmful", outcome.harmful},
                        {"broken", outcome.broken},
                        {"figures", figures_to_json(outcome.figures)},
                        {"final_states", outcome.final_states},
                        {"example", outcome.example}});
  Json blocked = Json::array();
  for (const auto& group : summary.blocked)
    blocked.push_back({{"actor", group.actor},
                       {"waiting_for", group.waiting_for},
                       {"count", group.count},
                       {"example", group.example}});
  Json by_invariant = Json::object();
  for (const auto& [name, count] : summary.by_invariant) by_invariant[name] = count;
  return {{"runnable", summary.runnable},
          {"not_runnable", summary.not_runnable},
          {"harmful", summary.harmful},
          {"by_invariant", by_invariant},
          {"groups", groups},
          {"outcomes", outcomes},
          {"not_runnable_groups", blocked}};
}

Json run_to_json(const OrderRun& run) {
  Json out = {{"order", run.order},
              {"model", model_name(run.model)},
              {"runnable", run.runnable},
              {"harm", run.harmful()},
              {"broken", run.broken},
              {"first_harmful_step", run.first_harmful_step == 0 ? Json() : Json(run.first_harmful_step)},
              {"waiting_for", run.waiting_for},
              {"trace_hash", run.trace_hash},
              {"final_hash", run.final_hash}};
  if (!run.runnable)
    out["stopped"] = {{"step", run.stopped_step},
                      {"event", run.stopped_event},
                      {"actor", run.stopped_actor},
                      {"reason", run.reason}};
  return out;
}

}  // namespace

nlohmann::ordered_json exploration_to_json(const Exploration& exploration, Lang lang) {
  Json models = Json::object();
  for (const auto& summary : exploration.models)
    models[std::string(model_name(summary.model))] = model_to_json(summary);
  Json runs = Json::array();
  for (const auto& run : exploration.runs) runs.push_back(run_to_json(run));
  return {{"scenario", exploration.scenario},
          {"preset", exploration.preset.empty() ? Json() : Json(exploration.preset)},
          {"backend", backend_name(exploration.backend)},
          {"lang", lang_code(lang)},
          {"events", exploration.events},
          {"orders", exploration.orders},
          {"explored", exploration.explored},
          {"sampled", exploration.sampled},
          {"seed", exploration.seed},
          {"cancelled", exploration.cancelled},
          {"models", models},
          {"runs", runs}};
}

}  // namespace reslab
