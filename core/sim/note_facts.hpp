#pragma once
// An event's note is held to what its step shows: each fact the note declares (`facts`, scenario.hpp)
// must be true in every run of the event, under both models, as the engine's own explanations are.
#include <string>
#include <vector>

#include "core/sim/plan.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

struct NoteFactProblem {
  SourcePos pos;  // the fact in its file
  int step = 0;
  std::string event;
  std::string message;  // "cb1's note says ...; the step shows ..."
};

// The facts of every note in `trace` (run by `plan`) that its step contradicts; empty when all hold.
std::vector<NoteFactProblem> check_note_facts(const Scenario& scenario, const Plan& plan, const Trace& trace);

// The fact in words: "provider_ledger has a row where payment_id = pay_1, state = SUCCEEDED".
std::string describe(const NoteFact& fact);

}  // namespace reslab
