// T1, the ticketing article's lab: real threads, one SQLite file, one seat.
#include "core/labs/race/seat_race.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/sim/errors.hpp"
#include "tests/test_support.hpp"

namespace reslab {
namespace {

namespace fs = std::filesystem;

using namespace test;

RaceOptions race(int threads, int rounds, Model model) {
  RaceOptions options;
  options.threads = threads;
  options.rounds = rounds;
  options.model = model;
  return options;
}

TEST_CASE("atomic: 16 threads over 200 rounds leave exactly one winner in every round") {
  const RaceResult result = run_seat_race(race(16, 200, Model::atomic));
  CHECK(result.rounds_run == 200);
  CHECK_FALSE(result.cancelled);
  CHECK(result.max_winners == 1);
  CHECK(result.min_winners == 1);
  CHECK(result.rounds_with_multiple_winners == 0);
  CHECK(result.rounds_with_no_winner == 0);
  CHECK(result.winners_histogram == std::map<int, int>{{1, 200}});
  CHECK(result.one_winner_every_round());
  CHECK(result.journal_mode == "wal");
}

TEST_CASE("naive: with every read before any write, all 16 threads are told the seat is theirs") {
  // The barrier between read and write forces the interleaving, so this is exact, not likely.
  const RaceResult result = run_seat_race(race(16, 20, Model::naive));
  CHECK(result.rounds_run == 20);
  CHECK(result.max_winners == 16);
  CHECK(result.min_winners == 16);
  CHECK(result.rounds_with_multiple_winners == 20);
  CHECK(result.winners_histogram == std::map<int, int>{{16, 20}});
  CHECK_FALSE(result.one_winner_every_round());
}

TEST_CASE("naive: two threads are enough to sell one seat twice") {
  const RaceResult result = run_seat_race(race(2, 5, Model::naive));
  CHECK(result.max_winners == 2);
  CHECK(result.rounds_with_multiple_winners == 5);
}

TEST_CASE("cancel stops the race between rounds and reports the rounds that ran") {
  RaceControl control;
  control.on_round = [&](int rounds_done) {
    if (rounds_done == 3) control.cancel = true;
  };
  const RaceResult result = run_seat_race(race(4, 1000, Model::atomic), &control);
  CHECK(result.cancelled);
  CHECK(result.rounds_run == 3);
  CHECK(control.rounds_done == 3);
  CHECK(result.max_winners == 1);
}

TEST_CASE("the progress counter and callback follow every round") {
  RaceControl control;
  int calls = 0;
  control.on_round = [&](int rounds_done) { CHECK(rounds_done == ++calls); };
  run_seat_race(race(3, 7, Model::atomic), &control);
  CHECK(calls == 7);
  CHECK(control.rounds_done == 7);
}

TEST_CASE("the input hash is FNV-1a 64 of the canonical inputs, whatever the database file") {
  RaceOptions options = race(16, 200, Model::atomic);
  CHECK(race_inputs_text(options) == "seat=A1 threads=16 rounds=200 model=atomic");
  CHECK(race_input_hash(options) == "4a62b35c8623699d");
  options.db_file = "/somewhere/else.db";
  CHECK(race_input_hash(options) == "4a62b35c8623699d");
  CHECK(race_input_hash(race(16, 200, Model::naive)) != race_input_hash(race(16, 200, Model::atomic)));
  CHECK(race_input_hash(race(16, 201, Model::atomic)) != race_input_hash(race(16, 200, Model::atomic)));
  CHECK(run_seat_race(race(2, 1, Model::atomic)).input_hash == race_input_hash(race(2, 1, Model::atomic)));
}

TEST_CASE("thread and round counts out of range are refused") {
  CHECK_THROWS_AS(validate_race_options(race(1, 10, Model::atomic)), UsageError);
  CHECK_THROWS_AS(validate_race_options(race(65, 10, Model::atomic)), UsageError);
  CHECK_THROWS_AS(validate_race_options(race(16, 0, Model::atomic)), UsageError);
  CHECK_THROWS_AS(validate_race_options(race(16, 100'001, Model::atomic)), UsageError);
  CHECK_NOTHROW(validate_race_options(race(64, 100'000, Model::naive)));
  CHECK_THROWS_WITH_AS(run_seat_race(race(1, 10, Model::atomic)), "--threads must be between 2 and 64, not 1",
                       UsageError);
}

TEST_CASE("a --db file is created with the race tables, kept, and can be raced again") {
  ScratchDir dir;
  RaceOptions options = race(4, 10, Model::atomic);
  options.db_file = dir.file("race.db");
  CHECK(run_seat_race(options).one_winner_every_round());
  CHECK(fs::exists(options.db_file));
  options.model = Model::naive;
  CHECK(run_seat_race(options).max_winners == 4);
}

TEST_CASE("an existing file that is not a race database is refused and left byte for byte as it was") {
  ScratchDir dir;
  const std::string notes = dir.file("notes.txt");
  std::ofstream(notes, std::ios::binary) << "my lecture notes\n";
  RaceOptions options = race(4, 10, Model::atomic);
  options.db_file = notes;
  CHECK_THROWS_AS(run_seat_race(options), UsageError);
  CHECK(read_bytes(notes) == "my lecture notes\n");
  CHECK_FALSE(fs::exists(notes + "-wal"));
}

TEST_CASE("an empty existing file is refused too: it has no race tables") {
  ScratchDir dir;
  const std::string empty = dir.file("empty.db");
  std::ofstream(empty, std::ios::binary).flush();
  RaceOptions options = race(2, 1, Model::atomic);
  options.db_file = empty;
  CHECK_THROWS_AS(run_seat_race(options), UsageError);
  CHECK(fs::file_size(empty) == 0);
}

TEST_CASE("another SQLite database with its own seats and orders tables is refused and not changed") {
  ScratchDir dir;
  const std::string box_office = dir.file("box_office.db");
  write_foreign_database(box_office, {"CREATE TABLE seats(seat_id TEXT PRIMARY KEY, state TEXT)",
                                      "CREATE TABLE orders(id INTEGER PRIMARY KEY, seat_id TEXT)",
                                      "INSERT INTO seats VALUES ('A1', 'SOLD')"});
  const std::string before = read_bytes(box_office);
  RaceOptions options = race(2, 1, Model::atomic);
  options.db_file = box_office;
  CHECK_THROWS_WITH_AS(run_seat_race(options), doctest::Contains("is not a reslab race database"),
                       UsageError);
  CHECK(read_bytes(box_office) == before);
}

TEST_CASE("a --db in a folder that does not exist is refused with the file's name") {
  ScratchDir dir;
  RaceOptions options = race(2, 1, Model::atomic);
  options.db_file = dir.file("missing/race.db");
  CHECK_THROWS_WITH_AS(run_seat_race(options), doctest::Contains("missing/race.db"), UsageError);
  CHECK_FALSE(fs::exists(options.db_file));
}

TEST_CASE("a --db naming a folder is refused") {
  ScratchDir dir;
  RaceOptions options = race(2, 1, Model::atomic);
  options.db_file = dir.path();
  CHECK_THROWS_AS(run_seat_race(options), UsageError);
}

TEST_CASE("the temporary database is removed when the race ends") {
  ScratchDir dir;
  const RaceResult result = with_tmpdir(dir.path(), [] { return run_seat_race(race(2, 3, Model::naive)); });
  CHECK(result.rounds_run == 3);
  CHECK(fs::is_empty(dir.path()));
}

}  // namespace
}  // namespace reslab
