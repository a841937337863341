#include "core/sim/errors.hpp"

namespace reslab {
namespace {

// "file:line:col: message"; without a line the position is only the file ("file: message").
std::string located(const SourcePos& pos, const std::string& message) {
  if (pos.line <= 0) return pos.file.empty() ? message : pos.file + ": " + message;
  std::string where = pos.file + ":" + std::to_string(pos.line);
  if (pos.column > 0) where += ":" + std::to_string(pos.column);
  return where + ": " + message;
}

}  // namespace

ScenarioError::ScenarioError(SourcePos pos, const std::string& message)
    : std::runtime_error(located(pos, message)), m_pos(std::move(pos)), m_message{message, {}} {}

ScenarioError::ScenarioError(SourcePos pos, LocalizedText message)
    : std::runtime_error(located(pos, message.en)), m_pos(std::move(pos)), m_message(std::move(message)) {}

std::string ScenarioError::located_in(Lang lang) const {
  return located(m_pos, m_message.in(lang));
}

SqlError::SqlError(const std::string& sql, const std::string& result_code, const std::string& message)
    : std::runtime_error(result_code + ": " + message + " (in: " + sql + ")"),
      m_sql(sql),
      m_result_code(result_code) {}

}  // namespace reslab
