#pragma once
// `reslab convert`: an isolationtester spec as the equivalent SQL scenario (TOML), and an SQL scenario as a
// spec. A spec written from a scenario runs one variant's SQL: the variant's BEGIN opens each session's
// setup, as isolationtester's specs begin their transactions. What a spec cannot hold (titles in two
// languages, expectations, the anomaly rule, the other variants) is left out, said in its opening comment.
#include <string>

#include "core/sim/sql_scenario.hpp"

namespace reslab {

// The TOML of an SQL scenario that keeps isolationtester's rules (one read from a .spec): loading it gives
// the same sessions, steps, setup and teardown blocks, permutations and markers.
std::string sql_scenario_to_toml(const SqlScenario& scenario);

// A spec running `variant`'s SQL (null: the scenario's SQL as written, no BEGIN added). Throws
// UsageError when the SQL holds a '}' (a spec has no way to write one inside a block).
std::string sql_scenario_to_spec(const SqlScenario& scenario, const SqlVariant* variant);

// One permutation as a file of each kind writes it: a [[permutations]] table of TOML (its entries with their
// markers, in a spec's syntax, under isolationtester's rules), or a spec's `permutation` line (which has no
// name or title).
std::string permutation_toml(const SqlPermutation& permutation, bool isolationtester_rules);
std::string permutation_spec(const SqlPermutation& permutation);

}  // namespace reslab
