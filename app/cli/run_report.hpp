#pragma once
// How `reslab race` and `reslab load` report a run: the output format and exit codes, the header
// that identifies a run (title, versions, inputs and their hash), rows of figures, the closing
// verdict, and the run itself with Ctrl+C and SIGTERM cancelling it.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "app/cli/exit_codes.hpp"
#include "app/platform/desktop/cancel_on_signal.hpp"
#include "app/text/number_text.hpp"
#include "core/sim/errors.hpp"

namespace reslab {

// --format: lines for a person, or one JSON object for a script.
enum class ReportFormat { text, json };
// Throws UsageError unless `format` is "text" or "json".
ReportFormat parse_report_format(const std::string& format);

// The JSON fields every run starts with: reslab's and SQLite's versions, the backend the run used and
// its server's version (null on SQLite).
nlohmann::ordered_json run_json_header(const std::string& sqlite_version,
                                       const std::string& backend = "sqlite",
                                       const std::string& server_version = "");

// A run's report as text on stdout. Header lines put their label in a column of its own width.
class RunReport {
 public:
  explicit RunReport(int label_width) : m_label_width(label_width) {}

  // The title, then what identifies the run: the versions, the inputs line, and the hash of what ran.
  // `server_version`: the PostgreSQL server's, named after SQLite's when the run used one.
  void header(const std::string& title, const std::string& sqlite_version, const std::string& inputs,
              const std::string& hash_label, const std::string& hash, const std::string& hash_of,
              const std::string& server_version = "") const;
  void line(const std::string& text) const;
  // A header line: "label      value".
  void field(const std::string& label, const std::string& value) const;
  // An indented row of figures: "  name      value".
  void row(const std::string& name, const std::string& value) const;
  // The last two lines: the verdict on the model, and the exit code.
  void footer(const std::string& model, const std::string& verdict, int exit_code) const;

 private:
  int m_label_width;
};

// What run_lab_command needs to know of one lab's result.
template <typename Result>
struct LabCommand {
  const char* what;  // as in "reslab: the race failed: ..."
  // The model broke its promise (exit code 1), e.g. the atomic model oversold. A cancelled run exits
  // with kExitInterrupted whatever it did.
  bool (*broke_promise)(const Result& result);
  void (*print_text)(const Result& result, int exit_code);
  // Every field but "exit_code", which is added last.
  nlohmann::ordered_json (*json)(const Result& result);
};

// Runs the lab with Ctrl+C and SIGTERM cancelling it meanwhile, then prints its result in `format`
// and returns the exit code. A statement that fails during the run is told on stderr instead
// (kExitFailed); bad input is the caller's UsageError, found before the run.
template <typename Options, typename Control, typename Result>
int run_lab_command(const LabCommand<Result>& command, ReportFormat format, const Options& options,
                    Result (*run)(const Options& options, Control* control)) {
  Control control;
  Result result;
  try {
    CancelOnSignal cancel_on_signal(control.cancel);
    result = run(options, &control);
  } catch (const SqlError& e) {
    std::cerr << "reslab: the " << command.what << " failed: " << e.what() << "\n";
    return kExitFailed;
  }
  const int exit_code = result.cancelled                ? kExitInterrupted
                        : command.broke_promise(result) ? kExitFailed
                                                        : kExitOk;
  if (format == ReportFormat::json) {
    nlohmann::ordered_json out = command.json(result);
    out["exit_code"] = exit_code;
    std::cout << out.dump(2) << "\n";
  } else {
    command.print_text(result, exit_code);
  }
  std::fflush(stdout);
  return exit_code;
}

}  // namespace reslab
