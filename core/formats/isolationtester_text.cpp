#include "core/formats/isolationtester_text.hpp"

namespace reslab {
namespace {

std::string result_text(const SpecResult& result) {
  switch (result.status) {
    case SpecResult::Status::tuples:
      return result.printed;
    case SpecResult::Status::error:
      // The primary message alone: details may hold transaction ids.
      if (!result.severity.empty() && !result.primary.empty())
        return result.severity + ":  " + result.primary + "\n";
      return result.message + "\n";
    case SpecResult::Status::other:
      if (result.status_name.empty()) return result.message + "\n";  // a step that could not be sent
      return "unexpected result status: " + result.status_name + "\n";
    case SpecResult::Status::command:
    case SpecResult::Status::empty:
      break;
  }
  return "";
}

// One event's text, and whether it goes to stderr.
std::string isolationtester_line(const SpecEvent& event, bool first_permutation, bool& to_stderr) {
  to_stderr = false;
  switch (event.kind) {
    case SpecEvent::Kind::permutation: {
      std::string line = first_permutation ? "starting permutation:" : "\nstarting permutation:";
      for (const auto& step : event.steps) line += " " + step;
      return line + "\n";
    }
    case SpecEvent::Kind::result:
      return result_text(event.result);
    case SpecEvent::Kind::step:
      return "step " + event.name + ": " + event.text + (event.waiting ? " <waiting ...>" : "") + "\n";
    case SpecEvent::Kind::completed:
      return "step " + event.name + ": <... completed>\n";
    case SpecEvent::Kind::notice:
      return event.name + ": " + event.text;
    case SpecEvent::Kind::notify:
      return event.name + ": NOTIFY \"" + event.notify.channel + "\" with payload \"" + event.notify.payload +
             "\" from " + event.sender + "\n";
    case SpecEvent::Kind::canceled:
      return "isolationtester: canceling step " + event.name + " after " + std::to_string(event.seconds) +
             " seconds\n";
    case SpecEvent::Kind::failure:
      to_stderr = true;
      return event.text;
  }
  return "";
}

}  // namespace

IsolationtesterText isolationtester_text(const SpecTranscript& transcript) {
  IsolationtesterText text;
  for (const auto& warning : transcript.warnings) text.err += warning;
  bool first = true;
  for (const auto& event : transcript.events) {
    bool to_stderr = false;
    const std::string line = isolationtester_line(event, first, to_stderr);
    if (event.kind == SpecEvent::Kind::permutation) first = false;
    (to_stderr ? text.err : text.out) += line;
  }
  return text;
}

}  // namespace reslab
