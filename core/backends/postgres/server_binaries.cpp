#include "core/backends/postgres/server_binaries.hpp"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <vector>

namespace reslab::pg {

namespace {

bool has_server(const std::string& dir) {
  return access((dir + "/initdb").c_str(), X_OK) == 0 && access((dir + "/postgres").c_str(), X_OK) == 0;
}

std::string pg_config_bindir(const std::string& pg_config) {
  // libpq-dev's pg_config answers even when the server package is missing: has_server() decides.
  FILE* pipe = popen(("'" + pg_config + "' --bindir 2>/dev/null").c_str(), "re");
  if (!pipe) return "";
  std::string output;
  char buffer[512];
  while (std::fgets(buffer, sizeof buffer, pipe)) output += buffer;
  pclose(pipe);
  while (!output.empty() && (output.back() == '\n' || output.back() == ' ')) output.pop_back();
  return output;
}

}  // namespace

std::optional<std::string> find_server_bindir(const std::string& pg_config,
                                              const std::string& versions_root) {
  std::string configured = pg_config_bindir(pg_config);
  if (!configured.empty() && has_server(configured)) return configured;
  std::error_code error;
  int best_major = -1;
  std::string best;
  for (const auto& entry : std::filesystem::directory_iterator(versions_root, error)) {
    std::string name = entry.path().filename().string();
    if (name.empty() || name.size() > 4 || name.find_first_not_of("0123456789") != std::string::npos)
      continue;
    int major = std::stoi(name);
    std::string bindir = entry.path().string() + "/bin";
    if (major > best_major && has_server(bindir)) {
      best_major = major;
      best = bindir;
    }
  }
  if (best.empty()) return std::nullopt;
  return best;
}

}  // namespace reslab::pg
