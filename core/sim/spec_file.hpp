#pragma once
// Reads PostgreSQL's isolationtester spec files (.spec, as PostgreSQL 15's src/test/isolation defines
// them) into SQL scenarios: setup blocks, a teardown, sessions with their setup, steps and teardown,
// permutations with their blocker markers, `#` comments, plain and quoted names. A spec names no level:
// its one variant runs the SQL as written, on PostgreSQL unless told otherwise. Every problem is a
// ScenarioError at file:line:col.
#include <string>
#include <string_view>

#include "core/sim/sql_scenario.hpp"

namespace reslab {

// Whether `path` names a spec file (it ends in .spec).
bool is_spec_path(const std::string& path);

// The spec as an SQL scenario: its PostgreSQL variant ("as written"), isolationtester's rules, PostgreSQL
// as its backend. The id is the file's name without .spec; the comment lines the file opens with are its
// summary.
SqlScenario parse_spec(std::string_view text, const std::string& source_name);

// The id of the only variant a spec has on `backend`.
std::string spec_variant_id(Backend backend);
// A variant that runs a spec's SQL as written on `backend`: no BEGIN of its own.
SqlVariant spec_variant(Backend backend);

// The steps no permutation of the file names (isolationtester warns of each), by name; none when the file
// lists no permutation.
std::vector<std::string> unused_steps(const SqlScenario& scenario);

// A permutation entry's markers as a spec writes them after the step's name: "(s2a, s3b notices 1)";
// empty without markers.
std::string blockers_text(const std::vector<SqlBlocker>& blockers);
// "s1a(*)" -> the step's name and its markers; ScenarioError at `pos` when the text is not one step with
// markers.
std::string parse_marked_step(const std::string& text, const SourcePos& pos,
                              std::vector<SqlBlocker>& blockers);

}  // namespace reslab
