// A preset written back as TOML (the app's "Save as preset") reads back as the same preset.
#include "core/sim/preset_toml.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "core/sim/scenario_library.hpp"
#include "core/sim/scenario_loader.hpp"

using namespace reslab;

namespace {

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("a preset written as TOML and appended to its scenario file reads back the same") {
  const std::string file = resolve_scenario("h2");
  Preset preset;
  preset.name = "late-payment";
  preset.title = {"Paid at 9, \"called back\" at 12\\n", "第 12 秒才回调（已付款）"};
  preset.order = {"expiry", "payment"};
  preset.times = {{"payment", 12}};
  preset.args["payment"]["event_id"] = std::string("evt_\t9");
  preset.args["payment"]["paid_at"] = std::int64_t{9};
  preset.naive_harm_by_backend = {{"sqlite", true}, {"postgres", false}};
  const Scenario scenario = parse_scenario(file_text(file) + "\n" + preset_toml(preset), file);
  const Preset& back = scenario.presets.back();
  CHECK(back.name == preset.name);
  CHECK(back.title.en == preset.title.en);
  CHECK(back.title.zh == preset.title.zh);
  CHECK(back.order == preset.order);
  CHECK(back.times == preset.times);
  CHECK(back.args == preset.args);
  CHECK(back.naive_harm_by_backend == preset.naive_harm_by_backend);
}

TEST_CASE("a harmless preset says naive_harm = false, a harmful one says nothing") {
  Preset preset;
  preset.name = "serial";
  preset.order = {"A1"};
  preset.naive_harm = false;
  CHECK(preset_toml(preset).find("naive_harm = false") != std::string::npos);
  preset.naive_harm = true;
  CHECK(preset_toml(preset).find("naive_harm") == std::string::npos);
}
