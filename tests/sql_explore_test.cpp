// Every order of an SQL scenario: the explorer the All orders window runs a few orders at a time counts
// each variant's interleavings as reslab explore does, and knows which interleaving gave which result.
#include "core/sim/sql_explore.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>

#include "core/sim/errors.hpp"
#include "core/sim/sql_scenario_loader.hpp"
#include "tests/scoped_env.hpp"
#include "tests/scratch_dir.hpp"

using namespace reslab;

namespace {

SqlScenario data_file(const std::string& name) {
  return load_sql_scenario_file(std::string(RESLAB_TEST_DATA_DIR) + "/" + name);
}

}  // namespace

TEST_CASE("the SQL explorer runs every interleaving under every variant, a few at a time, as explore does") {
  const SqlScenario scenario = data_file("sql_last_room.toml");
  SqlExplorer explorer(scenario, Backend::sqlite);
  const std::vector<const SqlVariant*> variants = scenario.variants_on(Backend::sqlite);
  REQUIRE(explorer.variants().size() == variants.size());
  CHECK(explorer.interleavings() == 20);  // two sessions of three steps: 6! / (3! 3!)
  CHECK(explorer.explored() == 20);
  CHECK(explorer.total_runs() == 20 * variants.size());
  CHECK(explorer.order(1) == sql_interleaving(scenario, 1));
  CHECK(explorer.order(20) == sql_interleaving(scenario, 20));

  CHECK(explorer.run(3));
  CHECK(explorer.runs_done() == 3);
  CHECK(explorer.variants()[0].orders == 3);
  while (explorer.run(7)) {
  }
  REQUIRE(explorer.finished());
  CHECK_FALSE(explorer.cancelled());
  CHECK(explorer.error().empty());
  CHECK(explorer.runs_done() == explorer.total_runs());
  for (std::size_t i = 0; i < variants.size(); ++i) {
    CAPTURE(variants[i]->id);
    const SqlExploredVariant at_once = explore_sql_variant(scenario, *variants[i], kDefaultInterleavings);
    const SqlExploredVariant& stepped = explorer.variants()[i];
    CHECK(stepped.variant->id == variants[i]->id);
    CHECK(stepped.orders == at_once.orders);
    REQUIRE(stepped.outcomes.size() == at_once.outcomes.size());
    std::size_t numbered = 0;
    for (std::size_t k = 0; k < at_once.outcomes.size(); ++k) {
      CHECK(stepped.outcomes[k].how == at_once.outcomes[k].how);
      CHECK(stepped.outcomes[k].orders == at_once.outcomes[k].orders);
      CHECK(stepped.outcomes[k].numbers.size() == stepped.outcomes[k].orders);
      CHECK(stepped.outcomes[k].numbers.front() == stepped.outcomes[k].example_number);
      numbered += stepped.outcomes[k].numbers.size();
    }
    CHECK(numbered == 20);
  }
  CHECK_FALSE(explorer.run(1));
}

TEST_CASE("the SQL explorer names the interleavings that give the anomaly, and a cancel keeps what ran") {
  const SqlScenario scenario = data_file("sql_autocommit_lost_update.toml");
  SqlExplorer explorer(scenario, Backend::sqlite);
  REQUIRE(explorer.variants().size() == 1);
  while (explorer.run(1)) {
  }
  const SqlExploredVariant& explored = explorer.variants()[0];
  CHECK(explored.orders == 6);
  CHECK(explored.anomalies() == 4);
  for (const auto& outcome : explored.outcomes)
    for (std::size_t number : outcome.numbers) {
      // Each number is the interleaving that gave this outcome: run alone, it gives it again.
      const SqlRunResult again = run_sql_scenario(scenario, *explored.variant, explorer.order(number));
      CHECK(again.anomaly == outcome.anomaly);
    }

  SqlExplorer cancelled(scenario, Backend::sqlite);
  cancelled.run(2);
  cancelled.cancel();
  CHECK(cancelled.finished());
  CHECK(cancelled.cancelled());
  CHECK(cancelled.runs_done() == 2);
  CHECK_FALSE(cancelled.run(1));
  CHECK(cancelled.runs_done() == 2);
}

TEST_CASE("the SQL explorer refuses a backend the scenario has no variant on") {
  CHECK_THROWS_AS(SqlExplorer(data_file("sql_autocommit_lost_update.toml"), Backend::mariadb), UsageError);
}

TEST_CASE(
    "SQLite variants that cannot run here are refused with their reason, and the exploration still ends") {
  // No temporary folder: no SQLite lab can be made, as the browser's SQLite cannot keep a WAL journal.
  const SqlScenario scenario = data_file("sql_last_room.toml");
  test::ScratchDir scratch;
  const std::string not_a_folder = scratch.file("not-a-folder");
  std::ofstream(not_a_folder) << "a file";
  SqlExplorer explorer(scenario, Backend::sqlite);
  {
    const test::ScopedEnv no_temp("TMPDIR", not_a_folder);
    while (explorer.run(5)) {
    }
  }
  CHECK(explorer.finished());
  CHECK(explorer.error().empty());
  CHECK(explorer.runs_done() == explorer.total_runs());
  for (const auto& variant : explorer.variants()) {
    CAPTURE(variant.variant->id);
    CHECK(variant.refused.find("SQLite could not make a temporary folder for the lab") != std::string::npos);
    CHECK(variant.orders == 0);
  }
}
