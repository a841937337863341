// SQL scenario files: what the loader accepts, where it points when it refuses, and how a step's text is cut
// into statements.
#include "core/sim/sql_scenario.hpp"

#include <doctest/doctest.h>

#include "core/sim/errors.hpp"
#include "core/sim/sql_scenario_loader.hpp"
#include "core/sim/sql_split.hpp"

using namespace reslab;

namespace {

const char* const kTwoSessions = R"toml(kind = "sql"
id = "mine"
title = { en = "Mine", zh = "我的" }
setup = "CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER); INSERT INTO t VALUES (1, 1)"

[[sessions]]
id = "A"
steps = [
  { name = "a1", sql = "SELECT * FROM t" },
  { name = "a2", sql = "COMMIT" },
]

[[sessions]]
id = "B"
steps = [
  { name = "b1", sql = "UPDATE t SET v = 2; SELECT v FROM t" },
]

[[variants]]
id = "deferred"
backend = "sqlite"
level = "deferred"
begin = "BEGIN"
)toml";

std::string located(const std::string& text) {
  try {
    parse_sql_scenario(text, "mine.toml");
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "loaded";
}

}  // namespace

TEST_CASE("an SQL scenario file loads its sessions, steps and variants") {
  const SqlScenario scenario = parse_sql_scenario(kTwoSessions, "mine.toml");
  CHECK(scenario.sessions.size() == 2);
  CHECK(scenario.steps.size() == 3);
  CHECK(scenario.setup.size() == 2);
  CHECK(scenario.find_step("b1")->statements.size() == 2);
  CHECK(scenario.variants.front().begin_of("A") == "BEGIN");
  CHECK(is_sql_scenario_text(kTwoSessions));
  CHECK_FALSE(is_sql_scenario_text("id = \"h1\"\n"));
}

TEST_CASE("each statement of a step knows the line and column where it starts") {
  const SqlScenario scenario = parse_sql_scenario(kTwoSessions, "mine.toml");
  const auto& statements = scenario.find_step("b1")->statements;
  CHECK(statements[0].pos.line == 16);
  CHECK(statements[0].pos.column == 25);
  CHECK(statements[1].sql == "SELECT v FROM t");
  CHECK(statements[1].pos.column == 45);
}

TEST_CASE("semicolons inside quotes, comments and dollar quotes do not cut a statement") {
  const auto statements =
      split_sql("SELECT ';' -- a; b\n; SELECT $x$ ; $x$; /* ; */ SELECT \"a;b\"", SourcePos{"f", 3, 5});
  REQUIRE(statements.size() == 3);
  CHECK(statements[0].sql == "SELECT ';' -- a; b");
  CHECK(statements[1].sql == "SELECT $x$ ; $x$");
  CHECK(statements[1].pos.line == 4);
  CHECK(statements[1].pos.column == 3);
  CHECK(statements[2].sql == "/* ; */ SELECT \"a;b\"");
}

TEST_CASE("with no permutation listed the permutations are the interleavings of the sessions' steps") {
  const SqlScenario scenario = parse_sql_scenario(kTwoSessions, "mine.toml");
  CHECK(default_permutation_count(scenario) == 3);
  CHECK(sql_permutation(scenario, 1) == std::vector<std::string>{"a1", "a2", "b1"});
  CHECK(sql_permutation(scenario, 3) == std::vector<std::string>{"b1", "a1", "a2"});
  CHECK(sql_permutation(scenario, 4).empty());
}

TEST_CASE("a permutation that takes a session's steps out of order is refused at that step") {
  const std::string text =
      std::string(kTwoSessions) + "\n[[permutations]]\nname = \"bad\"\nsteps = [\"a2\", \"a1\", \"b1\"]\n";
  CHECK(located(text) == "mine.toml:27:10: step 'a2' comes out of session 'A''s order (a1, a2)");
}

TEST_CASE("an unknown step, variant or key is refused where it is written") {
  CHECK(located(std::string(kTwoSessions) + "\n[anomaly]\nsucceed = [\"c9\"]\n") ==
        "mine.toml:26:12: no step named 'c9' (the steps are a1, a2, b1)");
  CHECK(located(std::string(kTwoSessions) + "\n[[expect]]\nvariant = \"wal\"\n") ==
        "mine.toml:26:11: no variant named 'wal'");
  CHECK(located(std::string(kTwoSessions) + "journl = \"wal\"\n").find("journl") != std::string::npos);
}

TEST_CASE("a step with no SQL and a second step of the same name are refused") {
  std::string empty = kTwoSessions;
  empty.replace(empty.find("\"COMMIT\""), 8, "\" ; \"");
  CHECK(located(empty) == "mine.toml:10:24: 'sql' holds no SQL statement");
  std::string twice = kTwoSessions;
  twice.replace(twice.find("name = \"a2\""), 11, "name = \"a1\"");
  CHECK(located(twice) == "mine.toml:10:3: a second step named 'a1' (step names are unique)");
}

TEST_CASE("a variant's begin is one statement, several or empty for none, not a semicolon alone") {
  const auto with_begin = [](const std::string& begin) {
    std::string text = kTwoSessions;
    text.replace(text.find("begin = \"BEGIN\""), 15, "begin = \"" + begin + "\"");
    return text;
  };
  CHECK(located(with_begin("SET TRANSACTION ISOLATION LEVEL READ COMMITTED; BEGIN")) == "loaded");
  CHECK(parse_sql_scenario(with_begin(""), "mine.toml").variants.front().begin_of("A").empty());
  CHECK(located(with_begin(" ; ")) ==
        "mine.toml:23:9: 'begin' holds no SQL statement (leave it empty for none)");
}
