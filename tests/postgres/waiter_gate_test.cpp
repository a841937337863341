// The waiter gate on the private server: a statement the server reports waiting has its backend stopped
// until the stepper drives it again, so after a commit the waiters go on one at a time in the order they
// began waiting; no path leaves a backend stopped.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <thread>

#include "core/backends/postgres/lab_database.hpp"
#include "core/sim/case_family.hpp"
#include "tests/postgres/postgres_test_support.hpp"
#include "tests/test_support.hpp"

using namespace reslab;

namespace {

// The state letter of /proc/<pid>/stat: 'T' while stopped by a signal.
char process_state(int pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  std::getline(stat, line);
  const std::size_t after_name = line.rfind(')');
  return after_name != std::string::npos && after_name + 2 < line.size() ? line[after_name + 2] : '?';
}

// A stopped signal is acted on as the backend leaves the kernel: its state turns 'T' a moment later.
// Nothing tells a process that is not our child when another stops, so this looks again until it has
// (or the backend is gone); no time is assumed: a backend that never stops is ctest's timeout.
bool stopped(int pid) {
  char state = process_state(pid);
  while (state != 'T' && state != '?' && state != 'Z' && state != 'X') {
    std::this_thread::yield();
    state = process_state(pid);
  }
  return state == 'T';
}

struct Lab {
  LabDatabaseHandle db;
  explicit Lab(const pg::ServerInfo& server) {
    static const Scenario h1 = test::bundled("h1_last_room.toml");
    db = open_postgres_lab_database(server, h1, *find_family("hotel"), {"A", "B", "C", "provider"},
                                    Model::atomic);
  }
  pg::PostgresSession& operator[](const std::string& name) {
    return static_cast<pg::PostgresSession&>(db->session(name));
  }
};

const std::string kDecrement =
    "UPDATE room_inventory SET available = available - 1 WHERE room_night_id = 'N1' AND available > 0";

}  // namespace

TEST_CASE("a waiting statement's backend is stopped until the stepper drives it again") {
  const pg::ServerInfo* server = pg::test::private_server_or_skip();
  if (!server) return;
  Lab lab(*server);
  REQUIRE(lab["A"].run("BEGIN").ok());
  REQUIRE(lab["A"].run(kDecrement).ok());
  REQUIRE(lab["B"].run(kDecrement).code == "waiting");
  REQUIRE(lab["C"].run(kDecrement).code == "waiting");
  CHECK(lab["B"].paused());
  CHECK(lab["C"].paused());
  CHECK(stopped(lab["B"].backend_pid()));
  CHECK(stopped(lab["C"].backend_pid()));
  // Still blocked: driven again, it waits again, and is stopped again.
  CHECK(lab["B"].run(kDecrement).code == "waiting");
  CHECK(stopped(lab["B"].backend_pid()));
  // The server still sees both queued on the row: C behind B.
  CHECK(lab.db->waits_for(lab["C"]) == std::vector<std::string>{"B"});

  // A's commit frees the row; only the waiter the stepper drives goes on.
  REQUIRE(lab["A"].run("COMMIT").ok());
  CHECK(stopped(lab["C"].backend_pid()));
  CHECK(lab["B"].run(kDecrement).ok());
  CHECK(lab["C"].run(kDecrement).ok());
  CHECK_FALSE(lab["B"].paused());
  CHECK_FALSE(lab["C"].paused());
  CHECK(process_state(lab["B"].backend_pid()) != 'T');
  CHECK(process_state(lab["C"].backend_pid()) != 'T');
}

TEST_CASE("a lab released while its sessions wait leaves no backend stopped") {
  const pg::ServerInfo* server = pg::test::private_server_or_skip();
  if (!server) return;
  std::vector<int> waiting;
  {
    Lab lab(*server);
    lab["A"].run("BEGIN");
    lab["A"].run(kDecrement);
    REQUIRE(lab["B"].run(kDecrement).code == "waiting");
    REQUIRE(lab["C"].run(kDecrement).code == "waiting");
    waiting = {lab["B"].backend_pid(), lab["C"].backend_pid()};
  }  // released: the waiting statements are cancelled, the lab goes to the pool
  for (int pid : waiting) {
    CAPTURE(pid);
    CHECK(process_state(pid) != 'T');
  }
  Lab reused(*server);
  CHECK(reused["B"].run("SELECT 1").ok());
  CHECK(reused["C"].run("SELECT 1").ok());
}

TEST_CASE("three requests for two rooms: P's commit wakes Q, who asked first, and Q's commit wakes R") {
  if (!pg::test::private_server_or_skip()) return;
  const Scenario scenario =
      load_scenario_file(std::string(RESLAB_TEST_DATA_DIR) + "/three_requests_two_rooms.toml");
  std::set<std::string> hashes;
  for (int run = 0; run < 5; ++run) {
    CAPTURE(run);
    const PartialReplay replay = replay_as_far_as_possible(
        scenario, test::preset_plan(scenario, Model::atomic, "all-ask-first", Backend::postgres));
    REQUIRE(replay.stopped.empty());
    const auto& steps = replay.trace.steps;
    REQUIRE(steps.size() == 6);
    CHECK(steps[2].actors[2].waiting_for == "Q (Q1)");  // R queued behind Q
    REQUIRE(steps[3].wakes.size() == 1);
    CHECK(steps[3].wakes[0].actor == "Q");
    CHECK(steps[3].wakes[0].outcome == "decremented");
    REQUIRE(steps[4].wakes.size() == 1);
    CHECK(steps[4].wakes[0].actor == "R");
    CHECK(steps[4].wakes[0].outcome == "rejected");
    hashes.insert(replay.trace.hash);
  }
  CHECK(hashes.size() == 1);
}
