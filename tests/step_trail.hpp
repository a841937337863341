#pragma once
// What a step did, in short strings a test can compare: its SQL, an actor's status, its wake-ups.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/sim/trace.hpp"

namespace reslab::test {

// "actor statement result" per SQL record, statements cut at their first space after the verb
// ("A BEGIN IMMEDIATE SQLITE_BUSY", "A INSERT holds SQLITE_DONE"); with `with_row`, an UPDATE also
// names its first parameter, the row it updates ("A UPDATE N1 SQLITE_DONE").
inline std::vector<std::string> sql_trail(const Step& step, bool with_row = false) {
  std::vector<std::string> trail;
  for (const auto& record : step.sql) {
    std::string verb = record.sql.substr(0, record.sql.find(' '));
    if (record.sql.rfind("BEGIN IMMEDIATE", 0) == 0) verb = "BEGIN IMMEDIATE";
    if (record.sql.rfind("INSERT INTO ", 0) == 0)
      verb = "INSERT " + record.sql.substr(12, record.sql.find('(') - 12);
    if (with_row && verb == "UPDATE" && !record.params.empty()) verb += " " + to_display(record.params[0]);
    trail.push_back(record.connection + " " + verb + " " + record.result);
  }
  return trail;
}

inline ActorStatus status_of(const Step& step, const std::string& actor) {
  for (const auto& status : step.actors)
    if (status.actor == actor) return status;
  FAIL("no status for " << actor);
  return {};
}

// "actor event outcome" per wake-up of the step.
inline std::vector<std::string> wake_list(const Step& step) {
  std::vector<std::string> wakes;
  for (const auto& wake : step.wakes) wakes.push_back(wake.actor + " " + wake.event + " " + wake.outcome);
  return wakes;
}

}  // namespace reslab::test
