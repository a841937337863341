#pragma once
// Runs an SQL scenario by isolationtester's schedule (PostgreSQL 15's src/test/isolation): every
// permutation in turn (the file's, or every interleaving of the sessions' steps), each on the same
// connections after the setup blocks and the sessions' setups, and followed by the sessions' teardowns
// and the teardown. A step is sent whole and waited for as isolationtester waits: 10 ms at a time, then
// the server is asked whether another session of the lab blocks it (it is then reported waiting and
// the schedule goes on); a step whose session still waits at an earlier step first waits for that one;
// after each step the waiting steps are looked at again in the order they began to wait; blocker markers
// hold back the report of a completion. What isolationtester would print is kept as a transcript
// (core/formats/isolationtester_text.hpp lays it out).
#include <chrono>
#include <string>
#include <vector>

#include "core/sim/spec_lab.hpp"
#include "core/sim/sql_scenario.hpp"

namespace reslab {

// One thing isolationtester prints.
struct SpecEvent {
  enum class Kind {
    permutation,  // "starting permutation: a b c"
    result,       // a result of a setup, a step or a teardown: rows, or an error
    step,         // "step a: SQL", " <waiting ...>" when `waiting`
    completed,    // "step a: <... completed>"
    notice,       // "s1: NOTICE:  ..."
    notify,       // "s1: NOTIFY "channel" with payload "..." from s2"
    canceled,     // "isolationtester: canceling step a after N seconds"
    failure,      // a line on stderr: a failed setup or teardown, a step that timed out
  };
  Kind kind = Kind::result;
  std::string name;  // the step (step, completed, canceled); the session (notice, notify)
  std::string text;  // the step's SQL; the notice as the server sent it; the failure's line
  bool waiting = false;
  std::vector<std::string> steps;  // permutation
  SpecResult result;
  SpecNotify notify;
  std::string sender;  // notify: the session that sent it, or "PID n"
  int seconds = 0;     // canceled
};

struct SpecTranscript {
  std::size_t sessions = 0;
  std::vector<std::string> warnings;  // stderr before the run ("unused step name: s1x")
  std::vector<SpecEvent> events;
  int exit_status = 0;  // isolationtester's: 1 after a failure that ends the run
};

struct SpecRunOptions {
  // isolationtester cancels a step after this long and gives up after twice as long (PGISOLATIONTIMEOUT).
  std::chrono::seconds max_step_wait{300};
  // Only this permutation (from 1; the file's, or the interleavings in isolationtester's order); 0: all.
  std::size_t permutation = 0;
};

// Throws BackendUnavailableError when the lab's connection is lost, UsageError for a permutation that
// does not exist.
SpecTranscript run_spec(const SqlScenario& scenario, SpecLab& lab, const SpecRunOptions& options = {});

}  // namespace reslab
