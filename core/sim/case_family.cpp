#include "core/sim/case_family.hpp"

#include <algorithm>
#include <stdexcept>

namespace reslab {

ArgSpec text_arg(std::string name, bool required, std::vector<std::string> choices) {
  ArgSpec spec;
  spec.name = std::move(name);
  spec.type = ArgType::text;
  spec.required = required;
  spec.choices = std::move(choices);
  return spec;
}

ArgSpec integer_arg(std::string name, bool required, std::int64_t min, std::int64_t max) {
  ArgSpec spec;
  spec.name = std::move(name);
  spec.type = ArgType::integer;
  spec.required = required;
  spec.min = min;
  spec.max = max;
  return spec;
}

const ArgSpec* ActionEntry::find_arg(std::string_view arg) const {
  auto it = std::find_if(args.begin(), args.end(), [&](const ArgSpec& a) { return a.name == arg; });
  return it == args.end() ? nullptr : &*it;
}

bool TableInfo::in_seconds(std::string_view column) const {
  return std::find(seconds.begin(), seconds.end(), column) != seconds.end();
}

const TableInfo* CaseFamily::find_table(std::string_view table) const {
  auto it = std::find_if(tables.begin(), tables.end(), [&](const TableInfo& t) { return t.name == table; });
  return it == tables.end() ? nullptr : &*it;
}

const std::vector<std::string>& CaseFamily::ddl(Model model) const {
  return model == Model::naive && !naive_ddl.empty() ? naive_ddl : atomic_ddl;
}

namespace {

std::vector<const CaseFamily*>& installed_families() {
  static std::vector<const CaseFamily*> families;
  return families;
}

}  // namespace

void use_case_families(std::vector<const CaseFamily*> families) {
  installed_families() = std::move(families);
}

const std::vector<const CaseFamily*>& case_families() {
  const auto& families = installed_families();
  if (families.empty())
    throw std::logic_error(
        "no case families: a program hands them to the engine at start (use_case_families)");
  return families;
}

const CaseFamily* find_family(std::string_view name) {
  for (const CaseFamily* family : case_families())
    if (family->name == name) return family;
  return nullptr;
}

const ActionEntry* find_action(const CaseFamily& family, std::string_view name) {
  for (const auto& action : family.actions)
    if (action.name == name) return &action;
  for (const auto& action : lifecycle_actions())
    if (action.name == name) return &action;
  return nullptr;
}

}  // namespace reslab
