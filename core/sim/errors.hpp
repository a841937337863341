#pragma once
// Typed errors of the engine. Each carries enough to be shown to a user as is.
#include <stdexcept>
#include <string>

#include "core/sim/text.hpp"

namespace reslab {

struct SourcePos {
  std::string file;
  int line = 0;    // 1-based; 0 when unknown
  int column = 0;  // 1-based; 0 when unknown
};

// A scenario file that cannot be used: "file:line:col: message".
class ScenarioError : public std::runtime_error {
 public:
  ScenarioError(SourcePos pos, const std::string& message);
  // What is wrong said in both languages; what() says it in English.
  ScenarioError(SourcePos pos, LocalizedText message);
  const SourcePos& pos() const { return m_pos; }
  const std::string& message() const { return m_message.en; }
  const LocalizedText& localized() const { return m_message; }
  // "file:line:col: message" in one language (English where the message has no Chinese).
  std::string located_in(Lang lang) const;

 private:
  SourcePos m_pos;
  LocalizedText m_message;
};

// A request the scenario cannot satisfy: unknown preset, bad order, a waiting actor's event...
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A SQL statement failed in a way the actions do not expect (not BUSY, not a constraint they handle).
class SqlError : public std::runtime_error {
 public:
  SqlError(const std::string& sql, const std::string& result_code, const std::string& message);
  const std::string& sql() const { return m_sql; }
  const std::string& result_code() const { return m_result_code; }

 private:
  std::string m_sql;
  std::string m_result_code;
};

// A backend that cannot be used here (no PostgreSQL server could be started or reached, a connection
// lost mid-step): the message says what to install or what failed, never a password.
class BackendUnavailableError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace reslab
