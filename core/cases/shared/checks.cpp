#include "core/cases/shared/checks.hpp"

#include "core/sim/errors.hpp"

namespace reslab::checks {

StatementResult query(Session& observer, const std::string& sql) {
  StatementResult result = observer.run(sql);
  if (!result.ok()) throw SqlError(sql, result.code_name(), result.message);
  return result;
}

Value single_value(Session& observer, const std::string& sql) {
  const auto result = query(observer, sql);
  return result.rows.empty() ? Value{} : result.rows[0][0];
}

std::string number(const Value& value) {
  return to_display(value);
}

std::string counted_rows(const StatementResult& result) {
  std::string list;
  for (const auto& row : result.rows)
    list += (list.empty() ? "" : ", ") + number(row[0]) + " x" + number(row[1]);
  return list.empty() ? "-" : list;
}

InvariantCheck on_observer(InvariantResult (*check)(Session& observer)) {
  return [check](const CheckInputs& inputs) { return check(inputs.observer); };
}

FigureReader single_value_figure(std::string name, std::string sql) {
  return [name = std::move(name), sql = std::move(sql)](Session& observer) {
    return Figure{name, single_value(observer, sql), {}};
  };
}

std::vector<Figure> read_named(Session& observer, const std::vector<std::string>& names,
                               const std::map<std::string, FigureReader>& readers) {
  std::vector<Figure> figures;
  for (const auto& name : names)
    if (auto it = readers.find(name); it != readers.end()) figures.push_back(it->second(observer));
  return figures;
}

std::vector<InvariantResult> check_named(const CheckInputs& inputs,
                                         const std::map<std::string, InvariantCheck>& checks) {
  std::vector<InvariantResult> results;
  for (const auto& name : inputs.names)
    if (auto it = checks.find(name); it != checks.end()) results.push_back(it->second(inputs));
  return results;
}

}  // namespace reslab::checks
