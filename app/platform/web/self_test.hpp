#pragma once
// The page's self-test: every preset of every bundled case (or of one file) replayed in both models,
// one line each, "CASE PRESET MODEL TRACE_HASH", and each isolation test's first permutation under its
// SQLite variants without WAL, "TEST PERMUTATION VARIANT TRACE_HASH", to compare with what the native
// build recorded.
#include <string>
#include <vector>

namespace reslab::web {

// The lines for `files` (scenario paths), in file, preset and model order; a run that fails gives
// "CASE PRESET MODEL error" instead of a hash. `steps`, when given, counts the steps replayed (bench/web
// times them in the page and natively).
std::vector<std::string> self_test_lines(const std::vector<std::string>& files, int* steps = nullptr);

}  // namespace reslab::web
