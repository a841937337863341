#pragma once
// `reslab export`: one PNG per step, rendered offscreen in a hidden window.
#include <string>

#include "app/cli/backend_options.hpp"

namespace reslab {

struct ExportOptions {
  std::string scenario;
  std::string out;
  std::string model = "both";  // naive | atomic | both; an SQL scenario: its variant ids, comma separated
  std::string variant;         // an SQL scenario's one variant (--variant), as --model with one id
  std::string preset;
  std::string order;
  std::string size = "1920x1080";
  int scale = 1;
  std::string lang;
  bool quiet = false;
  std::string frame = "window";  // window | content: the app as it looks, or without its toolbar
  int from = 1;                  // 0 adds the state before the first event
  BackendOptions backend;
};

// An SQL scenario exports each variant asked for (every variant of the backend by default) as
// DIR/<scenario>-<variant>-stepNN.png. Returns the exit code: 0 done, 2 bad input (nothing written), 1 no
// display or a write failed.
// A picture that hides something its step changed (a table, a row, the current event, an SQL
// statement, the explanation) is written all the same, with a warning on stderr naming the slide and
// what it hides; the exit status stays 0.
int run_export(const ExportOptions& options);

}  // namespace reslab
