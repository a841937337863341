#pragma once
// `reslab handout`: one self-contained HTML page per case for after class, its slides rendered in a
// hidden window like `reslab export`; with --all, every bundled case, the isolation lab's tests and their
// table, and an index page. An SQL scenario's page runs the variants of --backend (SQLite by default).
#include <string>

#include "app/cli/backend_options.hpp"

namespace reslab {

struct HandoutOptions {
  std::string scenario;  // a bundled id or a .toml file; empty with --all
  std::string out;
  bool all = false;
  std::string lang;
  bool quiet = false;
  BackendOptions backend;  // the backend of the SQL scenarios' variants (the cases run on SQLite)
};

// The slides' size in logical pixels: a 16:9 frame that stays readable on a page.
constexpr int kHandoutSlideWidth = 1600;
constexpr int kHandoutSlideHeight = 900;

// Returns the exit code: 0 done, 2 bad input (nothing written), 1 no display, a picture that could
// not be made or a page that could not be written (the pages written before it stay whole).
int run_handout(const HandoutOptions& options);

}  // namespace reslab
