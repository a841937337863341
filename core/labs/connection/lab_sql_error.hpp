#pragma once
// A statement of a live lab (the seat race, the load lab) that failed. SQLite's own words are
// kept apart from the SQL, so a message about the user's database file can quote just them.
#include <string>

#include "core/sim/errors.hpp"

namespace reslab {

class LabSqlError : public SqlError {
 public:
  // `code`: SQLite's (extended) result code.
  LabSqlError(const std::string& sql, int code, const std::string& message);
  const std::string& message() const { return m_message; }

 private:
  std::string m_message;
};

}  // namespace reslab
