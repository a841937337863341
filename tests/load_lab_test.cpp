// L1, the ticketing article's flash-sale sizing: correctness only. Timing is measured by
// `reslab load` and bench/, never asserted here.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/backends/sqlite/connection.hpp"
#include "core/labs/load/lab.hpp"
#include "core/sim/errors.hpp"
#include "tests/load_replay.hpp"
#include "tests/test_support.hpp"

namespace reslab {
namespace {

namespace fs = std::filesystem;

using namespace test;

std::int64_t count(Connection& db, const std::string& sql) {
  const StatementResult result = db.run(sql);
  REQUIRE(result.ok());
  REQUIRE(result.rows.size() == 1);
  return as_int(result.rows[0][0]);
}

// [SECTION] the workload
TEST_CASE("the ticketing article's default workload has the same intents and hash on every run and machine") {
  const LoadWorkload workload = make_load_workload(LoadOptions{});
  CHECK(load_workload_text(LoadOptions{}) ==
        "seats=100000 intents=50000 hot_share=0.8 hot_seats=0.1 seed=3 hold_seconds=600");
  CHECK(workload.hash == "d4ecd4dd7942ad40");
  CHECK(workload.intents.size() == 50'000);
  CHECK(workload.hot_seat_count == 10'000);
  CHECK(workload.hot_intents == 40'000);
  CHECK(workload.distinct_seats == 19'295);
  const LoadWorkload again = make_load_workload(LoadOptions{});
  CHECK(again.hash == workload.hash);
  CHECK(std::equal(again.intents.begin(), again.intents.end(), workload.intents.begin(),
                   [](const LoadIntent& a, const LoadIntent& b) {
                     return a.seat == b.seat && a.arrival_us == b.arrival_us;
                   }));
}

TEST_CASE("another seed gives another workload and hash") {
  LoadOptions other;
  other.seed = 4;
  const LoadWorkload workload = make_load_workload(other);
  CHECK(workload.hash != "d4ecd4dd7942ad40");
  CHECK(workload.hash == make_load_workload(other).hash);
}

TEST_CASE("how the workload is run does not change its hash") {
  LoadOptions race = reduced(LoadEngine::race, Model::naive);
  race.threads = 16;
  race.rate = 3333;
  race.db_file = "/somewhere/else.db";
  CHECK(make_load_workload(race).hash == make_load_workload(reduced(LoadEngine::queue)).hash);
  LoadOptions longer_holds = reduced(LoadEngine::queue);
  longer_holds.hold_seconds = 10;
  CHECK(make_load_workload(longer_holds).hash != make_load_workload(reduced(LoadEngine::queue)).hash);
}

TEST_CASE("intents arrive in order within the sale's first minute, each for a numbered seat") {
  const LoadWorkload workload = make_load_workload(reduced(LoadEngine::queue));
  std::int64_t previous = 0;
  for (const auto& intent : workload.intents) {
    CHECK(intent.seat >= 1);
    CHECK(intent.seat <= 2'000);
    CHECK(intent.arrival_us >= previous);
    CHECK(intent.arrival_us < kLoadSaleWindowSeconds * 1'000'000);
    previous = intent.arrival_us;
  }
}

TEST_CASE("80% of the intents aim at 10% of the seats") {
  const LoadWorkload workload = make_load_workload(LoadOptions{});
  std::map<std::int64_t, std::int64_t> wanted;
  for (const auto& intent : workload.intents) ++wanted[intent.seat];
  std::vector<std::int64_t> counts;
  for (const auto& [seat, intents] : wanted) counts.push_back(intents);
  std::sort(counts.rbegin(), counts.rend());
  std::int64_t on_busiest_tenth = 0;
  for (std::size_t i = 0; i < 10'000 && i < counts.size(); ++i) on_busiest_tenth += counts[i];
  CHECK(on_busiest_tenth >= 40'000);
  CHECK(static_cast<std::int64_t>(wanted.size()) == workload.distinct_seats);
}

// [SECTION] inputs
TEST_CASE("inputs out of range are refused with the option's name") {
  LoadOptions options;
  options.seats = 0;
  CHECK_THROWS_WITH_AS(validate_load_options(options), "--seats must be between 1 and 5000000, not 0",
                       UsageError);
  const std::vector<std::pair<const char*, std::function<void(LoadOptions&)>>> out_of_range = {
      {"--hot-share 1.5", [](LoadOptions& bad) { bad.hot_share = 1.5; }},
      {"--hot-seats 0", [](LoadOptions& bad) { bad.hot_seats = 0; }},
      {"--threads 65", [](LoadOptions& bad) { bad.threads = 65; }},
      {"--rate -1", [](LoadOptions& bad) { bad.rate = -1; }},
      {"--batch 0", [](LoadOptions& bad) { bad.batch = 0; }},
      {"--hold-seconds 0", [](LoadOptions& bad) { bad.hold_seconds = 0; }},
  };
  for (const auto& [input, set] : out_of_range) {
    CAPTURE(input);
    LoadOptions bad;
    set(bad);
    CHECK_THROWS_AS(validate_load_options(bad), UsageError);
  }
  CHECK_NOTHROW(validate_load_options(LoadOptions{}));
}

TEST_CASE("the naive model is refused on the queue engine, whose one writer never interleaves intents") {
  CHECK_THROWS_WITH_AS(validate_load_options(reduced(LoadEngine::queue, Model::naive)),
                       doctest::Contains("runs on --engine race"), UsageError);
  CHECK_NOTHROW(validate_load_options(reduced(LoadEngine::race, Model::naive)));
}

// [SECTION] the engines, atomic
TEST_CASE("atomic on the queue engine oversells no seat and accepts one intent per wanted seat") {
  const LoadResult result = run_load_lab(reduced(LoadEngine::queue));
  CHECK_FALSE(result.cancelled);
  CHECK(result.decided == 4'000);
  CHECK(result.oversold == 0);
  CHECK(result.accepted == result.distinct_seats);
  CHECK(result.accepted + result.rejected == 4'000);
  CHECK(result.held_seats == result.accepted);
  CHECK(result.live_orders == result.accepted);
  CHECK(result.order_rows == 4'000);
  CHECK(result.journal_mode == "wal");
  CHECK(result.busy_retries == 0);  // one writer: nobody else wants the lock
}

TEST_CASE("atomic on the race engine with 16 connections oversells no seat") {
  LoadOptions options = reduced(LoadEngine::race);
  options.threads = 16;
  const LoadResult result = run_load_lab(options);
  CHECK(result.oversold == 0);
  CHECK(result.failed == 0);
  CHECK(result.accepted == result.distinct_seats);
  CHECK(result.held_seats == result.accepted);
  CHECK(result.order_rows == 4'000);
}

TEST_CASE("the queue engine decides in arrival order: with 1 s holds its counts match a replay in C++") {
  LoadOptions options = reduced(LoadEngine::queue);
  options.hold_seconds = 1;
  options.batch = 16;
  const LoadResult result = run_load_lab(options);
  const auto [accepted, expired] = replay(make_load_workload(options), 1);
  CHECK(expired > 0);  // holds do expire in the workload's logical time and seats are handed over
  CHECK(result.accepted == accepted);
  CHECK(result.expired_orders == expired);
  CHECK(result.oversold == 0);
  CHECK(result.live_orders == result.held_seats);
}

TEST_CASE("an open loop at a given rate decides every intent without overselling") {
  LoadOptions options = reduced(LoadEngine::queue);
  options.intents = 600;
  options.rate = 20'000;
  const LoadResult result = run_load_lab(options);
  CHECK(result.decided == 600);
  CHECK(result.oversold == 0);
  CHECK(result.accepted == result.distinct_seats);
}

// [SECTION] the engines, naive
TEST_CASE("naive on race: when both buyers read the free seat before either writes, it is sold twice") {
  const LoadResult result = run_both_read_first(reduced(LoadEngine::race, Model::naive));
  CHECK(result.accepted == 2);
  CHECK(result.oversold == 1);
  CHECK(result.live_orders == 2);
  CHECK(result.held_seats == 1);  // the seat row names one owner; the orders table promised it to two
}

TEST_CASE("naive on race: one buyer after the other sells the seat once") {
  LoadOptions options = reduced(LoadEngine::race, Model::naive);
  options.seats = 1;
  options.intents = 2;
  options.threads = 1;
  const LoadResult result = run_load_lab(options);
  CHECK(result.accepted == 1);
  CHECK(result.rejected == 1);
  CHECK(result.oversold == 0);
}

// [SECTION] baseline, progress and cancel
TEST_CASE("the baseline runs the same workload on a fresh file and gives the ratio to it") {
  LoadOptions options = reduced(LoadEngine::queue);
  options.baseline = true;
  const LoadResult result = run_load_lab(options);
  CHECK(result.baseline_ran);
  CHECK(result.baseline_decided == 4'000);
  CHECK(result.baseline_tx_per_s > 0);
  CHECK(result.ratio_to_baseline == doctest::Approx(result.intents_per_s / result.baseline_tx_per_s));
}

TEST_CASE("progress goes through every phase in order and the series ends with every intent decided") {
  LoadOptions options = reduced(LoadEngine::queue);
  options.baseline = true;
  LoadControl control;
  std::vector<LoadPhase> phases;
  control.on_progress = [&](const LoadProgress& progress) {
    if (phases.empty() || phases.back() != progress.phase) phases.push_back(progress.phase);
  };
  const LoadResult result = run_load_lab(options, &control);
  CHECK(phases == std::vector<LoadPhase>{LoadPhase::setting_up, LoadPhase::running, LoadPhase::baseline,
                                         LoadPhase::counting, LoadPhase::done});
  REQUIRE_FALSE(result.throughput.empty());
  CHECK(result.throughput.back().decided == 4'000);
  std::int64_t in_histogram = 0;
  for (const auto& bucket : result.after_admission_histogram) in_histogram += bucket.count;
  CHECK(in_histogram == 4'000);
}

// Every committed decision is whole: a held seat points at a held order for that seat, and
// every order row belongs to an intent that was counted.
void check_consistent_file(const std::string& file, const LoadResult& result) {
  Connection db("file:" + file, "check");
  CHECK(count(db, "SELECT count(*) FROM orders") == result.decided);
  CHECK(count(db, "SELECT count(*) FROM orders WHERE state = 'HELD'") == result.accepted);
  CHECK(count(db, "SELECT count(*) FROM seats WHERE state = 'HELD'") == result.accepted);
  CHECK(count(db,
              "SELECT count(*) FROM seats s JOIN orders o ON o.id = s.order_id"
              " WHERE s.state = 'HELD' AND o.state = 'HELD' AND o.seat_id = s.seat_id") == result.accepted);
  CHECK(count(db,
              "SELECT count(*) FROM (SELECT seat_id FROM orders WHERE state = 'HELD'"
              " GROUP BY seat_id HAVING count(*) > 1)") == 0);
  const StatementResult integrity = db.run("PRAGMA integrity_check");
  REQUIRE(integrity.rows.size() == 1);
  CHECK(to_display(integrity.rows[0][0]) == "ok");
  const StatementResult status = db.run("SELECT value FROM reslab_load WHERE key = 'status'");
  REQUIRE(status.rows.size() == 1);
  CHECK(to_display(status.rows[0][0]) == "cancelled");
}

// Runs at 2,000 intents/s, two seconds of arrivals, into `file`, and cancels once the first
// intents are decided: the cancel lands mid-run.
LoadResult run_cancelled_mid_run(LoadOptions options, const std::string& file) {
  options.rate = 2'000;
  options.db_file = file;
  LoadControl control;
  control.on_progress = [&](const LoadProgress& progress) {
    if (progress.phase == LoadPhase::running && progress.decided > 0) control.cancel = true;
  };
  return run_load_lab(options, &control);
}

TEST_CASE("a cancelled queue run stops early and leaves a consistent file") {
  ScratchDir dir;
  LoadOptions options = reduced(LoadEngine::queue);
  options.baseline = true;
  const LoadResult result = run_cancelled_mid_run(options, dir.file("cancelled.db"));
  CHECK(result.cancelled);
  CHECK(result.decided > 0);
  CHECK(result.decided < 4'000);
  CHECK_FALSE(result.baseline_ran);
  check_consistent_file(dir.file("cancelled.db"), result);
}

TEST_CASE("a cancelled race run stops early and leaves a consistent file") {
  ScratchDir dir;
  const LoadResult result = run_cancelled_mid_run(reduced(LoadEngine::race), dir.file("cancelled.db"));
  CHECK(result.cancelled);
  CHECK(result.decided < 4'000);
  check_consistent_file(dir.file("cancelled.db"), result);
}

// [SECTION] the database file
TEST_CASE("an existing file that is not a load database is refused and left byte for byte as it was") {
  ScratchDir dir;
  const std::string notes = dir.file("notes.txt");
  std::ofstream(notes, std::ios::binary) << "my lecture notes\n";
  LoadOptions options = reduced(LoadEngine::queue);
  options.db_file = notes;
  CHECK_THROWS_WITH_AS(run_load_lab(options), doctest::Contains("is not a reslab load database"), UsageError);
  CHECK(read_bytes(notes) == "my lecture notes\n");
  CHECK_FALSE(fs::exists(notes + "-wal"));
}

TEST_CASE("another SQLite database with seats and orders tables is refused and not changed") {
  ScratchDir dir;
  const std::string box_office = dir.file("box_office.db");
  write_foreign_database(box_office, {"CREATE TABLE seats(seat_id INTEGER PRIMARY KEY, state TEXT)",
                                      "CREATE TABLE orders(id INTEGER PRIMARY KEY, seat_id INTEGER)",
                                      "INSERT INTO seats VALUES (1, 'SOLD')"});
  const std::string before = read_bytes(box_office);
  LoadOptions options = reduced(LoadEngine::queue);
  options.db_file = box_office;
  CHECK_THROWS_AS(run_load_lab(options), UsageError);
  CHECK(read_bytes(box_office) == before);
}

TEST_CASE("a --db an earlier run made is replaced by the next run") {
  ScratchDir dir;
  LoadOptions options = reduced(LoadEngine::queue);
  options.db_file = dir.file("load.db");
  CHECK(run_load_lab(options).order_rows == 4'000);
  options.intents = 1'000;
  const LoadResult second = run_load_lab(options);
  CHECK(second.order_rows == 1'000);
  CHECK(second.db_bytes == static_cast<std::int64_t>(fs::file_size(options.db_file)));
}

TEST_CASE("a --db in a folder that does not exist is refused with the file's name") {
  ScratchDir dir;
  LoadOptions options = reduced(LoadEngine::queue);
  options.db_file = dir.file("missing/load.db");
  CHECK_THROWS_WITH_AS(run_load_lab(options), doctest::Contains("missing/load.db"), UsageError);
  CHECK_FALSE(fs::exists(options.db_file));
}

TEST_CASE("the temporary database and the baseline's file are removed when the run ends") {
  ScratchDir dir;
  LoadOptions options = reduced(LoadEngine::queue);
  options.baseline = true;
  const LoadResult result = with_tmpdir(dir.path(), [&] { return run_load_lab(options); });
  CHECK(result.baseline_ran);
  CHECK(fs::is_empty(dir.path()));
}

}  // namespace
}  // namespace reslab
