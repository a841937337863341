// isolationtester's spec files: what the parser reads from our fixtures (tests/data/spec/), where it
// points when it refuses a file, the permutations a spec without any runs, and `reslab convert`'s round
// trip through an SQL scenario.
#include "core/sim/spec_file.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "core/formats/spec_convert.hpp"
#include "core/sim/errors.hpp"
#include "core/sim/sql_scenario_loader.hpp"

using namespace reslab;

namespace {

std::string fixture(const std::string& name) {
  return std::string(RESLAB_TEST_DATA_DIR) + "/spec/" + name;
}

std::string refusal(const std::string& text) {
  try {
    parse_spec(text, "bad.spec");
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a spec's setup, teardown, sessions with their own setup, quoted names and permutations are read") {
  const SqlScenario spec = load_sql_scenario_file(fixture("row_lock_wait.spec"));
  CHECK(spec.id == "row_lock_wait");
  CHECK(spec.isolationtester_rules);
  CHECK(spec.backend == Backend::postgres);
  CHECK(spec.summary.en.rfind("A row lock wait and its wake-up:", 0) == 0);
  REQUIRE(spec.setup_blocks.size() == 1);
  CHECK(spec.setup.size() == 2);  // CREATE TABLE, INSERT
  REQUIRE(spec.teardown);
  CHECK(spec.teardown->text == "DROP TABLE rooms;");
  REQUIRE(spec.sessions.size() == 2);
  CHECK(spec.sessions[1].id == "s2");  // written "s2"
  REQUIRE(spec.sessions[0].setup);
  CHECK(spec.sessions[0].setup->text == "BEGIN;");
  CHECK(spec.sessions[1].steps == std::vector<std::string>{"s2u", "s2s", "s2c"});
  CHECK(spec.find_step("s1u")->text == "UPDATE rooms SET free = free - 1 WHERE id = 1 AND free > 0;");
  REQUIRE(spec.permutations.size() == 2);
  CHECK(spec.permutations[1].steps == std::vector<std::string>{"s2u", "s1u", "s2c", "s1c"});
  CHECK(spec.permutations[1].blockers.empty());
  REQUIRE(spec.variants.size() == 2);  // SQLite runs this file's SQL too
  CHECK(spec.variants[0].id == "pg");
  CHECK(spec.variants[0].begin.empty());
  CHECK(spec.variants[1].backend == Backend::sqlite);
}

TEST_CASE("several setup blocks, comments anywhere, quoted keywords and every kind of marker") {
  const SqlScenario spec = parse_spec(R"(# opening line
setup { CREATE TABLE a (i int); }   # after a block
setup
{
  CREATE TABLE b (i int);
}
session "session"  # a keyword, quoted
step "step one" { SELECT 1; }
step s1b {	  SELECT 2;  	}
session s2
step s2a { }
permutation "step one"(*) s2a("step one", s1b notices 2) s1b
permutation s2a
)",
                                      "many.spec");
  REQUIRE(spec.setup_blocks.size() == 2);
  CHECK(spec.setup_blocks[1].text == "\n  CREATE TABLE b (i int);\n");
  CHECK(spec.setup_blocks[1].pos.line == 4);  // right after its "{"
  CHECK(spec.sessions[0].id == "session");
  CHECK(spec.steps[0].name == "step one");
  CHECK(spec.find_step("s1b")->text == "SELECT 2;");  // blanks after '{' and before '}' are not part of it
  CHECK(spec.find_step("s2a")->statements.empty());
  REQUIRE(spec.permutations.size() == 2);
  const auto& first = spec.permutations[0];
  REQUIRE(first.blockers.size() == 3);
  REQUIRE(first.blockers[0].size() == 1);
  CHECK(first.blockers[0][0].kind == SqlBlocker::Kind::once);
  REQUIRE(first.blockers[1].size() == 2);
  CHECK(first.blockers[1][0].kind == SqlBlocker::Kind::step);
  CHECK(first.blockers[1][0].step == "step one");
  CHECK(first.blockers[1][1].kind == SqlBlocker::Kind::notices);
  CHECK(first.blockers[1][1].notices == 2);
  CHECK(blockers_text(first.blockers[1]) == "(step one, s1b notices 2)");
  CHECK(spec.permutations[1].blockers.empty());
  CHECK(unused_steps(spec).empty());
}

TEST_CASE("a spec without permutations runs every interleaving in isolationtester's order") {
  const SqlScenario spec = load_sql_scenario_file(fixture("all_permutations.spec"));
  CHECK(spec.permutations.empty());
  std::vector<std::vector<std::string>> orders;
  for_each_sql_interleaving(spec, [&](const std::vector<std::string>& order) {
    orders.push_back(order);
    return true;
  });
  // The first session's steps first at each choice: isolationtester's recursion.
  const std::vector<std::vector<std::string>> expected{
      {"r1", "w1", "c1", "w2"}, {"r1", "w1", "w2", "c1"}, {"r1", "w2", "w1", "c1"}, {"w2", "r1", "w1", "c1"}};
  CHECK(orders == expected);
  CHECK(sql_permutation(spec, 3) == expected[2]);
  CHECK(default_permutation_count(spec) == 4);
}

TEST_CASE("a bad spec is refused at file:line:col with what was expected") {
  CHECK(refusal("session s1\nstep a { SELECT 1; }\npermutation a b\n") ==
        "bad.spec:3:15: the permutation names no step \"b\" (the steps are \"a\")");
  CHECK(refusal("setup { SELECT 1;\n") == "bad.spec:1:9: an SQL block with no closing '}'");
  CHECK(refusal("session step\n").find("bad.spec:1:9: expected the session's name, found 'step'") == 0);
  CHECK(refusal("session s1\nstep a { SELECT 1; }\nstep a { SELECT 2; }\n") ==
        "bad.spec:3:1: a second step named \"a\" (step names are unique in a spec)");
  CHECK(refusal("session s1\nstep a { }\nsession s2\nstep b { }\npermutation a(c) b\n") ==
        "bad.spec:5:15: step \"a\" waits for \"c\", which this permutation does not run");
  CHECK(refusal("session s1\nstep a { }\nstep b { }\npermutation a(b) b\n") ==
        "bad.spec:4:15: step \"a\" cannot wait for \"b\" of its own session");
  CHECK(refusal("session s1\nstep a { } ; \n") == "bad.spec:2:12: unexpected character ';'");
  CHECK(refusal("# only a comment\n").find("bad.spec:2:1: expected 'setup', 'teardown' or 'session'") == 0);
  CHECK(refusal("session \"s1\nstep a {}\n") == "bad.spec:1:12: a line break inside a quoted name");
  CHECK(refusal("session s1\nteardown { }\n").find("session \"s1\" needs at least one step") !=
        std::string::npos);
}

TEST_CASE("reslab convert: a spec as an SQL scenario and back gives the same spec") {
  for (const char* name : {"row_lock_wait.spec", "notices.spec", "blockers.spec", "all_permutations.spec"}) {
    CAPTURE(name);
    const SqlScenario spec = load_sql_scenario_file(fixture(name));
    const std::string toml = sql_scenario_to_toml(spec);
    const SqlScenario scenario = parse_sql_scenario(toml, "converted.toml");
    CHECK(scenario.isolationtester_rules);
    CHECK(scenario.steps.size() == spec.steps.size());
    for (std::size_t i = 0; i < spec.steps.size(); ++i) {
      CHECK(scenario.steps[i].name == spec.steps[i].name);
      CHECK(scenario.steps[i].text == spec.steps[i].text);
    }
    REQUIRE(scenario.permutations.size() == spec.permutations.size());
    for (std::size_t p = 0; p < spec.permutations.size(); ++p) {
      CHECK(scenario.permutations[p].steps == spec.permutations[p].steps);
      CHECK(blockers_text(scenario.permutations[p].blockers_at(0)) ==
            blockers_text(spec.permutations[p].blockers_at(0)));
    }
    CHECK(sql_scenario_to_spec(scenario, nullptr) == sql_scenario_to_spec(spec, nullptr));
    // The spec written reads back as the file did.
    const SqlScenario again = parse_spec(sql_scenario_to_spec(spec, nullptr), spec.id + ".spec");
    CHECK(sql_scenario_to_spec(again, nullptr) == sql_scenario_to_spec(spec, nullptr));
    CHECK(again.summary.en == spec.summary.en);
  }
}

TEST_CASE("an SQL scenario as a spec opens each session's transaction with its variant's BEGIN") {
  const SqlScenario hermitage =
      load_sql_scenario_file(std::string(RESLAB_SCENARIO_DIR) + "/isolation/g0_write_cycles.toml");
  const std::string text = sql_scenario_to_spec(hermitage, hermitage.find_variant("pg-rr"));
  const SqlScenario spec = parse_spec(text, "g0.spec");
  REQUIRE(spec.sessions.size() == 2);
  REQUIRE(spec.sessions[0].setup);
  CHECK(spec.sessions[0].setup->text == "BEGIN ISOLATION LEVEL REPEATABLE READ;");
  CHECK(spec.steps.size() == hermitage.steps.size());
  REQUIRE(spec.permutations.size() == 1);
  CHECK(spec.permutations[0].steps == hermitage.permutations[0].steps);
  SqlScenario braces = hermitage;
  braces.steps[0].text = "SELECT '}'";
  CHECK_THROWS_AS(sql_scenario_to_spec(braces, nullptr), UsageError);
}

TEST_CASE("a spec SQLite cannot run says which statement stops it, in both languages") {
  const SqlScenario spec = load_sql_scenario_file(fixture("serialization.spec"));
  CHECK(spec.variants_on(Backend::sqlite).empty());
  const auto why = spec.not_on.find(Backend::sqlite);
  REQUIRE(why != spec.not_on.end());
  const std::string at = fixture("serialization.spec") + ":13:9: ";
  CHECK(why->second.en == at + "SQLite cannot run session a's setup: near \"ISOLATION\": syntax error");
  CHECK(why->second.zh == at + "SQLite 无法运行会话 a 的 setup：near \"ISOLATION\": syntax error");
  const SqlScenario runs = load_sql_scenario_file(fixture("repeated_step.spec"));
  CHECK(runs.not_on.empty());
  CHECK(runs.variants_on(Backend::sqlite).size() == 1);
}
