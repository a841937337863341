#include "core/sim/scenario_loader.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "tests/test_support.hpp"

using namespace reslab;
using test::error_of;

namespace {

// Three lines every test scenario starts with.
const std::string kHead = R"(id = "t"
schema = "hotel"
title = { en = "T", zh = "T" }
)";

// One actor and one event with no arguments: lines 4 to 11 after kHead.
const std::string kActorAndEvent = R"([[actors]]
id = "A"
name = { en = "Request A", zh = "请求 A" }
[[events]]
id = "A1"
actor = "A"
action = "expire_holds"
time = 0
)";

const std::string kMinimal = kHead + kActorAndEvent;

std::string load_error_of(const std::string& path) {
  try {
    load_scenario_file(path);
  } catch (const ScenarioError& error) {
    return error.what();
  }
  return "no error";
}

std::string h1_path() {
  return std::string(RESLAB_SCENARIO_DIR) + "/h1_last_room.toml";
}

// A scratch file that removes itself; named per test, as ctest may run test cases in parallel.
struct TempFile {
  std::string path;
  TempFile(const std::string& name, const std::string& text)
      : path((std::filesystem::temp_directory_path() / ("reslab_loader_test_" + name + ".toml")).string()) {
    std::ofstream(path, std::ios::binary) << text;
  }
  ~TempFile() { std::remove(path.c_str()); }
};

}  // namespace

// --- The bundled example -----------------------------------------------------------------

TEST_CASE("h1 loads with its two actors, four events and two presets") {
  const Scenario h1 = load_scenario_file(h1_path());
  CHECK(h1.id == "h1");
  CHECK(h1.file == h1_path());
  CHECK(h1.schema == "hotel");
  CHECK(h1.title.zh == "H1 · 最后一间房，两个请求");
  REQUIRE(h1.actors.size() == 2);
  CHECK(h1.actors[0].id == "A");
  CHECK(h1.actors[1].name.en == "Request B");
  REQUIRE(h1.events.size() == 4);
  CHECK(h1.events[0].id == "A1");
  CHECK(h1.events[3].id == "B2");
  REQUIRE(h1.presets.size() == 2);
  CHECK(h1.presets[0].name == "article");
  CHECK(h1.presets[0].order == std::vector<std::string>{"A1", "B1", "A2", "B2"});
  CHECK(h1.presets[1].name == "serial");
  CHECK(h1.figures == std::vector<std::string>{"capacity", "available", "sold", "active_holds"});
  CHECK(h1.questions.size() == 2);
  CHECK(!h1.naive_model.empty());
}

TEST_CASE("h1 keeps params apart from the event args written in the file") {
  const Scenario h1 = load_scenario_file(h1_path());
  CHECK(h1.params.at("room_night") == Value{std::string("N1")});
  CHECK(h1.params.at("hold_seconds") == Value{std::int64_t{600}});
  const Event& a1 = *h1.find_event("A1");
  CHECK(a1.args.size() == 1);
  CHECK(a1.args.at("request_key") == Value{std::string("booking-A")});
}

TEST_CASE("h1's initial row keeps its cells in written order") {
  const Scenario h1 = load_scenario_file(h1_path());
  REQUIRE(h1.initial.size() == 1);
  CHECK(h1.initial[0].table == "room_inventory");
  REQUIRE(h1.initial[0].cells.size() == 5);
  CHECK(h1.initial[0].cells[0].first == "room_night_id");
  CHECK(h1.initial[0].cells[4].first == "sold");
  CHECK(h1.initial[0].cells[2].second == Value{std::int64_t{1}});
}

TEST_CASE("lookups find actors, events and presets by id and say when they do not exist") {
  const Scenario h1 = load_scenario_file(h1_path());
  CHECK(h1.find_actor("B")->name.en == "Request B");
  CHECK(h1.find_actor("C") == nullptr);
  CHECK(h1.find_event("B1")->actor == "B");
  CHECK(h1.find_preset("serial")->order.front() == "A1");
  CHECK(h1.find_preset("nope") == nullptr);
  CHECK(h1.actor_index("B") == 1);
  CHECK(h1.actor_index("C") == -1);
}

TEST_CASE("a minimal scenario needs no presets, params, initial rows or questions") {
  const Scenario minimal = parse_scenario(kMinimal, "t.toml");
  CHECK(minimal.file == "t.toml");
  CHECK(minimal.presets.empty());
  CHECK(minimal.events[0].note.empty());
  CHECK(minimal.events[0].pos.line == 7);
}

// --- Reading the file --------------------------------------------------------------------

TEST_CASE("a missing file is reported without a line") {
  CHECK(load_error_of("/nonexistent/x.toml") == "/nonexistent/x.toml: cannot read: no such file");
}

TEST_CASE("a directory is not read as a scenario") {
  const std::string dir = std::filesystem::temp_directory_path().string();
  CHECK(load_error_of(dir) == dir + ": cannot read: it is a directory");
}

TEST_CASE("a file over the size limit is refused before parsing") {
  TempFile big("too_large", std::string(ScenarioLimits::max_file_bytes + 1, '#'));
  CHECK(load_error_of(big.path) == big.path + ":1:1: the file is larger than the limit of 1048576 bytes");
}

TEST_CASE("a file on disk loads with its path as the file name") {
  TempFile file("minimal", kMinimal);
  CHECK(load_scenario_file(file.path).file == file.path);
}

// --- Syntax and structure ----------------------------------------------------------------

std::string error_in(const std::string& text, Lang lang) {
  try {
    parse_scenario(text, "t.toml");
  } catch (const ScenarioError& error) {
    return error.located_in(lang);
  }
  return "no error";
}

TEST_CASE("a TOML syntax error says at toml++'s position what is wrong, in plain words") {
  CHECK(error_of(kHead + "time = \n") ==
        "t.toml:4:8: a key needs a value after =: text in quotes, a number, true or false, a list [...] or a "
        "table {...}");
  CHECK(error_in(kHead + "time = \n", Lang::zh) ==
        "t.toml:4:8: = 后面需要一个值：带引号的文字、数字、true 或 false、列表 [...] 或表 {...}");
}

TEST_CASE("a string without its closing quote is named as such in both languages, at the same place") {
  const std::string text = "id = \"h1\ntitle = 1\n";
  CHECK(
      error_in(text, Lang::en) ==
      "t.toml:1:9: this text has no closing quote: a string that opens with \" must end with \" on the same "
      "line (for text over several lines, open and close it with \"\"\")");
  CHECK(
      error_in(text, Lang::zh) ==
      "t.toml:1:9: 这段文字缺少结尾的引号：以 \" 开头的字符串必须在同一行内以 \" 结束（跨行的文字请用 \"\"\" "
      "开头和结尾）");
  CHECK(error_of(text).find("control characters") == std::string::npos);
}

TEST_CASE("common TOML mistakes are said in plain words, never in toml++'s terms") {
  for (const std::string text :
       {"x = [1, 2\n", "x = { a = 1\n", "x = 1 2\n", "= 3\n", "x = \"a\\q\"\n", "x = 'abc\n",
        "x = \"\"\"abc\n", "x = tru\n", "[a]\n[a]\n", "id = 1\nid = 2\n", "[a\nx = 1\n"}) {
    INFO(text);
    CHECK(error_of(text).find("error while parsing") == std::string::npos);
    CHECK(error_in(text, Lang::zh).find("TOML 语法错误") == std::string::npos);
  }
}

TEST_CASE("the loader's own errors say what is wrong in Chinese too") {
  CHECK(error_in("", Lang::zh) == "t.toml:1:1: 缺少必需的键 'id'");
  const std::string text = kHead + kActorAndEvent +
                           "[[events]]\nid = \"A2\"\nactor = \"A\"\n"
                           "action = \"expire_holds\"\ntime = \"soon\"\n";
  CHECK(error_in(text, Lang::zh) == "t.toml:16:8: “time”必须是整数，而不是字符串");
}

TEST_CASE("an empty file lacks the id") {
  CHECK(error_of("") == "t.toml:1:1: missing required key 'id'");
}

TEST_CASE("deep nesting is an error, not a crash") {
  const std::string deep = "a = " + std::string(1000, '[') + std::string(1000, ']') + "\n";
  CHECK(error_of(deep).rfind("t.toml:1:", 0) == 0);
}

TEST_CASE("a misspelt top-level key suggests the right one") {
  CHECK(error_of(kMinimal + "[[evnts]]\n") == "t.toml:12:3: unknown key 'evnts' (did you mean 'events'?)");
}

TEST_CASE("an unknown key in an event lists the keys an event may have") {
  CHECK(
      error_of(kMinimal + "colour = 1\n") ==
      "t.toml:12:1: unknown key 'colour' in event; known keys: id, actor, action, time, movable, time_label, args, note, facts");
}

TEST_CASE("a missing key is reported at the table that lacks it") {
  const std::string text =
      kHead + kActorAndEvent + "[[events]]\nid = \"A2\"\naction = \"expire_holds\"\ntime = 0\n";
  CHECK(error_of(text) == "t.toml:12:1: missing required key 'actor' in event");
}

TEST_CASE("a value of the wrong type names both types") {
  const std::string text = kHead + kActorAndEvent +
                           "[[events]]\nid = \"A2\"\nactor = \"A\"\n"
                           "action = \"expire_holds\"\ntime = \"soon\"\n";
  CHECK(error_of(text) == "t.toml:16:8: 'time' must be an integer, not a string");
}

TEST_CASE("an event time outside 0..max_seconds is out of range") {
  const std::string text = kHead + kActorAndEvent +
                           "[[events]]\nid = \"A2\"\nactor = \"A\"\n"
                           "action = \"expire_holds\"\ntime = -1\n";
  CHECK(error_of(text) == "t.toml:16:8: 'time' must be between 0 and 1000000000");
}

TEST_CASE("an id with spaces is refused") {
  CHECK(error_of("id = \"my case\"\n") ==
        "t.toml:1:6: 'id' must be 1 to 64 characters from A-Z a-z 0-9 _ -, not 'my case'");
}

TEST_CASE("an unknown schema is refused") {
  CHECK(error_of("id = \"t\"\nschema = \"ship\"\n") == "t.toml:2:10: unknown schema 'ship'");
}

TEST_CASE("a title written as a plain string asks for both languages") {
  CHECK(error_of("id = \"t\"\nschema = \"hotel\"\ntitle = \"T\"\n") ==
        "t.toml:3:9: 'title' must be a table { en = \"...\", zh = \"...\" }, not a string");
}

TEST_CASE("a localized text needs its Chinese version") {
  CHECK(error_of("id = \"t\"\nschema = \"hotel\"\ntitle = { en = \"T\" }\n") ==
        "t.toml:3:9: missing required key 'zh' in title");
}

TEST_CASE("a localized text may not be empty") {
  CHECK(error_of("id = \"t\"\nschema = \"hotel\"\n[title]\nen = \"\"\nzh = \"T\"\n") ==
        "t.toml:4:6: 'en' must not be empty");
}

TEST_CASE("a text longer than the limit is refused") {
  const std::string long_text(ScenarioLimits::max_text_bytes + 1, 'x');
  CHECK(error_of(kHead + "summary = { en = \"" + long_text + "\", zh = \"x\" }\n" + kActorAndEvent) ==
        "t.toml:4:18: 'en' is longer than 16384 bytes");
}

TEST_CASE("a scenario without actors is refused") {
  CHECK(error_of(kHead) == "t.toml:1:1: missing required key 'actors'");
}

TEST_CASE("an empty events array is refused") {
  CHECK(error_of(kHead + "events = []\n[[actors]]\nid = \"A\"\nname = { en = \"A\", zh = \"A\" }\n") ==
        "t.toml:4:10: 'events' must have at least one entry");
}

TEST_CASE("more actors than the limit are refused at the first one too many") {
  std::string text = kHead;
  for (int i = 0; i <= 16; ++i)
    text += "[[actors]]\nid = \"A" + std::to_string(i) + "\"\nname = { en = \"A\", zh = \"A\" }\n";
  CHECK(error_of(text) == "t.toml:52:1: too many actors: at most 16");
}

// --- Figures and invariants --------------------------------------------------------------

TEST_CASE("an unknown figure lists the schema's figures") {
  CHECK(
      error_of(kHead + "figures = [\"sold\", \"revenue\"]\n" + kActorAndEvent) ==
      "t.toml:4:20: unknown figure 'revenue' for the hotel schema; known: capacity, available, sold, "
      "active_holds, refund_tasks, refunds_pending, refunds_failed, oldest_pending_refund_s, booking_state, nights");
}

TEST_CASE("a figure listed twice is refused") {
  CHECK(error_of(kHead + "figures = [\"sold\", \"sold\"]\n" + kActorAndEvent) ==
        "t.toml:4:20: duplicate figure 'sold'");
}

TEST_CASE("an unknown invariant is refused") {
  CHECK(
      error_of(kHead + "invariants = [\"no_oversell\"]\n" + kActorAndEvent)
          .rfind("t.toml:4:15: unknown invariant 'no_oversell' for the hotel schema; known: capacity_balance",
                 0) == 0);
}

// --- Actors and events -------------------------------------------------------------------

TEST_CASE("a duplicate actor id names the line of the first") {
  CHECK(error_of(kMinimal + "[[actors]]\nid = \"A\"\nname = { en = \"A\", zh = \"A\" }\n") ==
        "t.toml:13:6: duplicate actor id 'A' (first defined at line 5)");
}

TEST_CASE("the actor id 'provider' is reserved for the simulated payment provider") {
  CHECK(error_of(kMinimal + "[[actors]]\nid = \"provider\"\nname = { en = \"P\", zh = \"P\" }\n") ==
        "t.toml:13:6: actor id 'provider' is reserved for the simulated payment provider");
}

TEST_CASE("a duplicate event id names the line of the first") {
  CHECK(
      error_of(kMinimal + "[[events]]\nid = \"A1\"\nactor = \"A\"\naction = \"expire_holds\"\ntime = 5\n") ==
      "t.toml:13:6: duplicate event id 'A1' (first defined at line 8)");
}

TEST_CASE("an event of an unknown actor is refused") {
  CHECK(
      error_of(kMinimal + "[[events]]\nid = \"C1\"\nactor = \"C\"\naction = \"expire_holds\"\ntime = 0\n") ==
      "t.toml:14:9: unknown actor 'C'");
}

TEST_CASE("an unknown action lists the known actions") {
  // Every case adds actions to the catalog; the list starts with H1's and H2's, in catalog order.
  const std::string error =
      error_of(kMinimal + "[[events]]\nid = \"A2\"\nactor = \"A\"\naction = \"reserve\"\ntime = 0\n");
  CHECK(error.rfind("t.toml:15:10: unknown action 'reserve'; known actions: reserve_check, reserve_record, "
                    "expire_holds, payment_callback, refund_worker",
                    0) == 0);
}

// Events at line 12 onwards: one event of `action` with the given args.
static std::string with_event(const std::string& action, const std::string& args) {
  return kMinimal + "[[events]]\nid = \"A2\"\nactor = \"A\"\naction = \"" + action +
         "\"\ntime = 0\nargs = " + args + "\n";
}

TEST_CASE("an argument the action does not take is refused") {
  CHECK(error_of(with_event("reserve_check", "{ room = \"N1\" }")) ==
        "t.toml:17:10: action reserve_check has no argument 'room'; its arguments: room_night, request_key");
}

TEST_CASE("an integer where text is expected is a type error") {
  CHECK(error_of(with_event("reserve_check", "{ room_night = 1, request_key = \"k\" }")) ==
        "t.toml:17:23: 'room_night' must be a string, not an integer");
}

TEST_CASE("an integer argument out of its range is refused") {
  CHECK(error_of(
            with_event("reserve_record", "{ room_night = \"N1\", request_key = \"k\", hold_seconds = 0 }")) ==
        "t.toml:17:63: 'hold_seconds' must be between 1 and 1000000000");
}

TEST_CASE("a text argument outside its choices lists them") {
  CHECK(
      error_of(with_event("payment_callback",
                          "{ event_id = \"e\", hold = 1, provider_payment_id = \"p\", result = \"ok\" }")) ==
      "t.toml:17:72: 'result' must be one of success, failure, not 'ok'");
}

TEST_CASE("a required argument missing from both args and params is refused at the event") {
  CHECK(error_of(with_event("reserve_check", "{ room_night = \"N1\" }")) ==
        "t.toml:12:1: event 'A2' lacks argument 'request_key' required by reserve_check: set it in the "
        "event's args or in [params]");
}

TEST_CASE("a required argument given in params is enough") {
  const std::string text = kHead + "[params]\nrequest_key = \"k\"\n" + kActorAndEvent +
                           "[[events]]\nid = \"A2\"\nactor = \"A\"\naction = \"reserve_check\"\ntime = 0\n"
                           "args = { room_night = \"N1\" }\n";
  const Scenario scenario = parse_scenario(text, "t.toml");
  CHECK(scenario.events[1].args.count("request_key") == 0);
  CHECK(scenario.params.at("request_key") == Value{std::string("k")});
}

TEST_CASE("a param that no action takes is refused") {
  CHECK(error_of(kHead + "[params]\nroom = \"N1\"\n" + kActorAndEvent) ==
        "t.toml:5:1: unknown parameter 'room': no action has that argument");
}

TEST_CASE("a param of the wrong type for its action is refused") {
  CHECK(error_of(kHead + "[params]\nhold_seconds = \"600\"\n" + kActorAndEvent) ==
        "t.toml:5:16: 'hold_seconds' must be an integer, not a string");
}

TEST_CASE("an event keeps its optional note in both languages") {
  const Scenario scenario = parse_scenario(kMinimal + "note = { en = \"Why\", zh = \"为什么\" }\n", "t.toml");
  CHECK(scenario.events[0].note.zh == "为什么");
}

// --- Presets ------------------------------------------------------------------------------

// kMinimal plus a second event A2 at time 10: lines 12-16; presets start at line 17.
const std::string kTwoEvents =
    kMinimal + "[[events]]\nid = \"A2\"\nactor = \"A\"\naction = \"expire_holds\"\ntime = 10\n";

TEST_CASE("a preset order naming an unknown event is refused") {
  CHECK(error_of(kTwoEvents + "[[presets]]\nname = \"p\"\norder = [\"A1\", \"X9\"]\n") ==
        "t.toml:19:16: unknown event 'X9' in the order of preset 'p'");
}

TEST_CASE("a preset order naming an event twice is refused") {
  CHECK(error_of(kTwoEvents + "[[presets]]\nname = \"p\"\norder = [\"A1\", \"A1\"]\n") ==
        "t.toml:19:16: event 'A1' appears twice in the order of preset 'p'");
}

TEST_CASE("a duplicate preset name names the line of the first") {
  CHECK(error_of(kTwoEvents + "[[presets]]\nname = \"p\"\norder = [\"A1\"]\n"
                              "[[presets]]\nname = \"p\"\norder = [\"A1\"]\n") ==
        "t.toml:21:8: duplicate preset name 'p' (first defined at line 18)");
}

TEST_CASE("a preset time for an unknown event is refused") {
  CHECK(error_of(kTwoEvents + "[[presets]]\nname = \"p\"\norder = [\"A1\"]\ntimes = { B1 = 5 }\n") ==
        "t.toml:20:11: unknown event 'B1' in the times of preset 'p'");
}

TEST_CASE("preset argument overrides are checked against the event's action") {
  CHECK(
      error_of(kTwoEvents + "[[presets]]\nname = \"p\"\norder = [\"A1\"]\nargs = { A2 = { hold = 1 } }\n") ==
      "t.toml:20:17: action expire_holds has no argument 'hold'; it takes none");
}

TEST_CASE("a preset may not run an actor's later event before its earlier one") {
  CHECK(
      error_of(kTwoEvents + "[[presets]]\nname = \"p\"\norder = [\"A2\", \"A1\"]\n") ==
      "t.toml:19:10: preset 'p' runs 'A2' before 'A1', which comes earlier in actor A's lane (by time, ties "
      "in file order)");
}

TEST_CASE("a preset may not skip an actor's earlier event") {
  CHECK(
      error_of(kTwoEvents + "[[presets]]\nname = \"p\"\norder = [\"A2\"]\n") ==
      "t.toml:19:10: preset 'p' runs 'A2' before 'A1', which comes earlier in actor A's lane (by time, ties "
      "in file order)");
}

TEST_CASE("a preset may leave out an actor's later events") {
  CHECK(error_of(kTwoEvents + "[[presets]]\nname = \"p\"\norder = [\"A1\"]\n") == "no error");
}

TEST_CASE("a preset's time overrides decide its lane order") {
  const Scenario scenario = parse_scenario(
      kTwoEvents + "[[presets]]\nname = \"p\"\norder = [\"A2\", \"A1\"]\ntimes = { A1 = 20 }\n", "t.toml");
  CHECK(scenario.presets[0].times.at("A1") == 20);
}

TEST_CASE("a preset keeps its argument overrides as typed values") {
  const std::string text = with_event("reserve_record", "{ room_night = \"N1\", request_key = \"k\" }") +
                           "[[presets]]\nname = \"p\"\norder = [\"A1\", \"A2\"]\n"
                           "args = { A2 = { hold_seconds = 5 } }\n";
  const Scenario scenario = parse_scenario(text, "t.toml");
  CHECK(scenario.presets[0].args.at("A2").at("hold_seconds") == Value{std::int64_t{5}});
}

// --- Initial rows -------------------------------------------------------------------------

TEST_CASE("initial rows of an unknown table are refused") {
  CHECK(
      error_of(kMinimal + "[[initial.rooms]]\nid = 1\n")
          .rfind(
              "t.toml:12:11: unknown table 'rooms' in the hotel schema; known tables: room_inventory, holds",
              0) == 0);
}

TEST_CASE("an initial row with an unknown column lists the table's columns") {
  CHECK(error_of(kMinimal + "[[initial.holds]]\nholder = \"A\"\n") ==
        "t.toml:13:1: table holds has no column 'holder'; its columns: id, request_key, state, deadline");
}

TEST_CASE("initial rows keep the written order across tables and store booleans as 0 and 1") {
  const std::string text = kMinimal +
                           "[[initial.room_inventory]]\nroom_night_id = \"N1\"\n"
                           "[[initial.holds]]\nid = 1\nstate = \"RESERVED\"\n"
                           "[[initial.room_inventory]]\nroom_night_id = \"N2\"\ncapacity = true\n";
  const Scenario scenario = parse_scenario(text, "t.toml");
  REQUIRE(scenario.initial.size() == 3);
  CHECK(scenario.initial[0].table == "room_inventory");
  CHECK(scenario.initial[1].table == "holds");
  CHECK(scenario.initial[2].cells[1].second == Value{std::int64_t{1}});
}

TEST_CASE("an initial cell holding a date is refused") {
  CHECK(error_of(kMinimal + "[[initial.room_inventory]]\nnight = 2026-12-01\n") ==
        "t.toml:13:9: 'night' must be a string, a number or a boolean, not a date");
}

// --- Error text ---------------------------------------------------------------------------

TEST_CASE("a scenario error without a line prints only the file") {
  CHECK(std::string(ScenarioError({"f.toml", 0, 0}, "cannot read: no such file").what()) ==
        "f.toml: cannot read: no such file");
  CHECK(std::string(ScenarioError({"f.toml", 3, 7}, "bad").what()) == "f.toml:3:7: bad");
}
