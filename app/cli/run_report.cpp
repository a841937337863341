#include "app/cli/run_report.hpp"

namespace reslab {

ReportFormat parse_report_format(const std::string& format) {
  if (format == "text") return ReportFormat::text;
  if (format == "json") return ReportFormat::json;
  throw UsageError("--format must be text or json, not '" + format + "'");
}

nlohmann::ordered_json run_json_header(const std::string& sqlite_version, const std::string& backend,
                                       const std::string& server_version) {
  nlohmann::ordered_json out;
  out["version"] = std::string("reslab ") + RESLAB_VERSION;
  out["sqlite_version"] = sqlite_version;
  out["backend"] = backend;
  out["server_version"] =
      server_version.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(server_version);
  return out;
}

void RunReport::header(const std::string& title, const std::string& sqlite_version, const std::string& inputs,
                       const std::string& hash_label, const std::string& hash, const std::string& hash_of,
                       const std::string& server_version) const {
  line(title);
  field("version", std::string("reslab ") + RESLAB_VERSION + ", SQLite " + sqlite_version +
                       (server_version.empty() ? "" : ", PostgreSQL " + server_version));
  field("inputs", inputs);
  field(hash_label, hash + " (" + hash_of + ")");
}

void RunReport::line(const std::string& text) const {
  std::printf("%s\n", text.c_str());
}

void RunReport::field(const std::string& label, const std::string& value) const {
  std::printf("%-*s%s\n", m_label_width, label.c_str(), value.c_str());
}

void RunReport::row(const std::string& name, const std::string& value) const {
  std::printf("  %-30s %s\n", name.c_str(), value.c_str());
}

void RunReport::footer(const std::string& model, const std::string& verdict, int exit_code) const {
  field("verdict", model + ": " + verdict);
  field("exit code", std::to_string(exit_code));
}

}  // namespace reslab
