// Scenario files are untrusted: instructors share them. Each hostile file gets
// its exact error, quickly, and values meant as SQL stay data.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/sim/plan.hpp"
#include "core/sim/scenario_loader.hpp"
#include "core/sim/simulator.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using test::error_of;

namespace {

const std::string kHead = "id = \"t\"\nschema = \"hotel\"\ntitle = { en = \"T\", zh = \"T\" }\n";
const std::string kActor = "[[actors]]\nid = \"A\"\nname = { en = \"Request A\", zh = \"请求 A\" }\n";
const std::string kEvent = "[[events]]\nid = \"A1\"\nactor = \"A\"\naction = \"expire_holds\"\ntime = 0\n";

// Written to disk, so the bounded reader is exercised too; removed afterwards.
std::string load_error_of(const std::string& name, const std::string& bytes) {
  const auto path = std::filesystem::temp_directory_path() / ("reslab_hostile_" + name + ".toml");
  std::ofstream(path, std::ios::binary) << bytes;
  std::string error = "no error";
  try {
    load_scenario_file(path.string());
  } catch (const ScenarioError& e) {
    error = e.what();
  }
  std::filesystem::remove(path);
  const std::string prefix = path.string();
  return error.rfind(prefix, 0) == 0 ? "FILE" + error.substr(prefix.size()) : error;
}

}  // namespace

TEST_CASE("invalid UTF-8 is refused at the byte where it starts") {
  const std::string text = kHead + "summary = { en = \"bad \xff\xfe\", zh = \"x\" }\n" + kActor + kEvent;
  CHECK(error_of(text) == "t.toml:4:22: encountered invalid utf-8 sequence");
}

TEST_CASE("a key written twice is refused where it is redefined") {
  CHECK(error_of(kHead + "id = \"u\"\n" + kActor + kEvent) ==
        "t.toml:4:6: 'id' is already set above: each key may appear once in a table");
}

TEST_CASE("binary garbage is refused at its first byte") {
  std::string garbage;
  for (int i = 0; i < 1024; ++i) garbage += static_cast<char>(i % 256);
  CHECK(load_error_of("garbage", garbage) ==
        "FILE:1:1: each line must be key = value, a [table] header or a comment starting with #");
}

TEST_CASE("200,000 levels of nesting stop at the parser's depth limit") {
  const std::string deep = "a = " + std::string(200000, '[') + std::string(200000, ']') + "\n";
  CHECK(error_of(deep) ==
        "t.toml:1:261: lists or tables are nested too deeply here (a scenario file never needs more than "
        "a few levels)");
}

TEST_CASE("a 64 MB string is refused by size before it is read whole") {
  std::string huge = kHead + "summary = { en = \"";
  huge.append(64u << 20, 'x');
  huge += "\", zh = \"x\" }\n";
  CHECK(load_error_of("huge_string", huge) == "FILE:1:1: the file is larger than the limit of 1048576 bytes");
  CHECK(error_of(huge) == "t.toml:1:1: the file is larger than the limit of 1048576 bytes");
}

TEST_CASE("events past the size limit, as a million would be, are refused by size") {
  std::string text = kHead + kActor;
  for (int i = 0; text.size() <= ScenarioLimits::max_file_bytes; ++i)
    text += "[[events]]\nid = \"E" + std::to_string(i) +
            "\"\nactor = \"A\"\naction = \"expire_holds\"\ntime = 0\n";
  CHECK(error_of(text) == "t.toml:1:1: the file is larger than the limit of 1048576 bytes");
}

TEST_CASE("more events than the limit are refused at the first one too many") {
  std::string text = kHead + kActor;
  for (std::size_t i = 0; i <= ScenarioLimits::max_events; ++i)
    text += "[[events]]\nid = \"E" + std::to_string(i) +
            "\"\nactor = \"A\"\naction = \"expire_holds\"\ntime = 0\n";
  CHECK(error_of(text) == "t.toml:5007:1: too many events: at most 1000");
}

TEST_CASE("a NUL byte inside the file is a syntax error, not the end of the file") {
  CHECK(error_of(kHead + std::string(1, '\0') + "\n") ==
        "t.toml:4:1: each line must be key = value, a [table] header or a comment starting with #");
}

TEST_CASE("values written as SQL stay data in both models") {
  const std::string injection = "'); DROP TABLE holds; --";
  const std::string text = kHead +
                           "figures = [\"available\", \"active_holds\"]\n"
                           "invariants = [\"capacity_balance\"]\n"
                           "[params]\nroom_night = \"" +
                           injection +
                           "\"\nhold_seconds = 600\n"
                           "[[initial.room_inventory]]\nroom_night_id = \"" +
                           injection + "\"\nnight = \"2026-12-01\"\ncapacity = 1\navailable = 1\nsold = 0\n" +
                           kActor +
                           "[[events]]\nid = \"A1\"\nactor = \"A\"\naction = \"reserve_check\"\ntime = 0\n"
                           "args = { request_key = \"" +
                           injection +
                           "\" }\n"
                           "[[events]]\nid = \"A2\"\nactor = \"A\"\naction = \"reserve_record\"\ntime = 0\n"
                           "args = { request_key = \"" +
                           injection + "\" }\n";
  const Scenario scenario = parse_scenario(text, "hostile.toml");
  for (Model model : {Model::naive, Model::atomic}) {
    CAPTURE(model_name(model));
    PlanRequest request;
    request.model = model;
    request.order = std::vector<std::string>{"A1", "A2"};
    const Trace trace = run_plan(scenario, make_plan(scenario, request));
    const CommittedState& last = *trace.steps.back().committed;
    const TableData* holds = last.table("holds");
    REQUIRE(holds != nullptr);
    REQUIRE(holds->rows.size() == 1);
    CHECK(to_display(holds->rows[0][1]) == injection);
    CHECK(to_display(last.table("room_inventory")->rows[0][0]) == injection);
    CHECK(last.all_invariants_hold());
  }
}
