#pragma once
// The actions a scenario may call, with the arguments each accepts. The loader
// validates against this catalog; the simulator runs the matching model code.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/sim/text.hpp"

namespace reslab {

enum class ArgType { text, integer, boolean };

struct ArgSpec {
  std::string name;
  ArgType type = ArgType::text;
  bool required = false;
  std::int64_t min = 0;              // integers only
  std::int64_t max = 1'000'000'000;  // integers only
  std::vector<std::string> choices;  // text only; empty means any text
};

struct ActionInfo {
  std::string name;
  std::string schema;  // the schema the action runs against ("hotel", "seat")
  std::vector<ArgSpec> args;
  // Button labels, "{actor}" replaced by the actor's name: what the action does in each model.
  LocalizedText naive_label;
  LocalizedText atomic_label;
  const ArgSpec* find_arg(std::string_view arg) const;
};

const std::vector<ActionInfo>& action_catalog();
const ActionInfo* find_action(std::string_view name);

}  // namespace reslab
