#pragma once
// Shared by the app's tests: the bundled cases as the app loads them, PNG files read
// back, English settings.
#include <doctest/doctest.h>
#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>

#include "app/export/visibility.hpp"
#include "app/platform/png_writer.hpp"
#include "app/session/settings.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"
#include "tests/scratch_dir.hpp"

namespace reslab::test {

inline std::shared_ptr<const Scenario> bundled_case(const std::string& name) {
  static const bool dir_set = setenv("RESLAB_SCENARIO_DIR", RESLAB_SCENARIO_DIR, 1) == 0;
  REQUIRE(dir_set);
  return std::make_shared<const Scenario>(load_scenario_file(resolve_scenario(name)));
}

// H1 with one more preset, "b-skips-ahead" (A1,B1,B2,A2): fine naive, stuck at B2 atomic.
inline std::shared_ptr<const Scenario> h1_with_waiting_preset() {
  return std::make_shared<const Scenario>(
      load_scenario_file(std::string(RESLAB_TEST_DATA_DIR) + "/waiting_preset.toml"));
}

// A PNG file's pixels; the test stops when it cannot be read.
inline RgbaImage load_png(const std::string& path) {
  RgbaImage image;
  const std::string error = read_png(path, image);
  INFO(error);
  REQUIRE(error.empty());
  return image;
}

// Runs `command` (a shell command line) under a fresh Xvfb and returns std::system's status. The X
// authority file lives in a scratch folder of ours: xvfb-run's own temporary folder sometimes failed to
// be removed while other tests ran, and xvfb-run then exits 5 whatever the command did.
inline int system_under_xvfb(const std::string& command) {
  const ScratchDir auth;
  const std::string line =
      "xvfb-run -a -f '" + auth.file("Xauthority") + "' -s '-screen 0 1920x1080x24' " + command;
  return std::system(line.c_str());
}

// Whether the frame drew `text`, a sentence that may wrap over several drawn lines: the frame's labels
// joined, every run of spaces as one.
inline bool shows(const std::string& text) {
  std::string all;
  for (const auto& label : drawn_labels())
    for (const char c : label.text + " ")
      if (c != ' ' || (!all.empty() && all.back() != ' ')) all += c;
  return all.find(text) != std::string::npos;
}

// Settings in English, so tests can click by the English labels.
inline Settings english_settings() {
  Settings settings;
  settings.lang = "en";
  return settings;
}

}  // namespace reslab::test
