// The engine's own actions, open to every family: a worker's process dies (`crash`) and comes back
// (`restart`). The simulator does the rest around them: a crash rolls back the actor's open
// transaction, wakes its waiters in the same step and keeps the actor down until its restart.
#include "core/sim/action_context.hpp"

namespace reslab {
namespace {

std::string memory_contents(ActionContext& ctx) {
  std::string listed;
  for (const auto& [key, value] : ctx.memory())
    listed += (listed.empty() ? "" : "; ") + key + " = " + to_display(value);
  return listed.empty() ? "@recovery.memory.empty" : listed;
}

std::string crash(ActionContext& ctx) {
  const MessageArgs args = {{"actor", ctx.actor().id}, {"lost", memory_contents(ctx)}};
  ctx.memory().clear();
  ctx.summarize({"recovery.crash.summary", args});
  ctx.say({"recovery.crash", args});
  return "crashed";
}

std::string restart(ActionContext& ctx) {
  const MessageArgs args = {{"actor", ctx.actor().id}};
  ctx.memory().clear();
  ctx.summarize({"recovery.restart.summary", args});
  ctx.say({"recovery.restart", args});
  return "restarted";
}

}  // namespace

const std::vector<ActionEntry>& lifecycle_actions() {
  static const std::vector<ActionEntry> actions = {
      {"crash", {}, {"{actor} crashes", "{actor} 崩溃"}, {"{actor} crashes", "{actor} 崩溃"}, crash, crash},
      {"restart",
       {},
       {"{actor} restarts", "{actor} 重启"},
       {"{actor} restarts", "{actor} 重启"},
       restart,
       restart},
  };
  return actions;
}

}  // namespace reslab
