#pragma once
// A run by isolationtester's schedule (core/sim/spec_run.hpp) laid out as PostgreSQL's isolationtester
// prints it, from its first "starting permutation:" line on: the steps with their SQL, " <waiting ...>"
// and "<... completed>", rows as libpq prints them, "ERROR:  message" lines, notices with their
// session's name, NOTIFY lines, blank lines between permutations.
#include <string>

#include "core/sim/spec_run.hpp"

namespace reslab {

struct IsolationtesterText {
  std::string out;  // what isolationtester writes on stdout
  std::string err;  // on stderr: warnings about the file, failed setups and teardowns, timeouts
};

IsolationtesterText isolationtester_text(const SpecTranscript& transcript);

}  // namespace reslab
