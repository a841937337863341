#include "core/labs/connection/lab_sql_error.hpp"

#include "core/backends/sqlite/connection.hpp"

namespace reslab {

LabSqlError::LabSqlError(const std::string& sql, int code, const std::string& message)
    : SqlError(sql, result_code_name(code), message), m_message(message) {}

}  // namespace reslab
