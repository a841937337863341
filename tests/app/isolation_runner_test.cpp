// The Isolation window's two runners (app/platform/isolation_runner.hpp): the one a platform without
// threads uses, which runs cells only when the frame loop pumps it, and the desktop's on a thread of its
// own, build the same table.
#include "app/platform/desktop/isolation_runner.hpp"

#include <doctest/doctest.h>

#include <memory>

#include "app/platform/isolation_runner.hpp"
#include "core/sim/isolation_lab.hpp"

namespace reslab {
namespace {

IsolationRunner::Status pump_to_the_end(IsolationRunner& runner) {
  while (runner.running()) runner.pump(0.01);
  return runner.status();
}

TEST_CASE(
    "without a thread the isolation table grows only when the frame loop pumps it, and a cancel stops it "
    "at the next pump") {
  const std::unique_ptr<IsolationRunner> runner = frame_isolation_runner();
  CHECK(runner->status().state == IsolationRunner::State::idle);
  CHECK_FALSE(runner->pump(1));  // nothing started: nothing to run
  REQUIRE(runner->start(Backend::sqlite).empty());
  CHECK(runner->running());
  const IsolationRunner::Status started = runner->status();
  CHECK(started.cells_done == 0);
  CHECK(started.cell_count == hermitage_tests().size() * 4);

  const int before = runner->revision();
  CHECK(runner->pump(0));  // no time at all still runs one cell
  CHECK(runner->status().cells_done == 1);
  CHECK(runner->status().table.results.size() == 1);
  CHECK(runner->revision() > before);

  runner->cancel();
  CHECK(runner->running());  // it stops where the frame loop runs it
  runner->pump(1);
  CHECK(runner->status().state == IsolationRunner::State::cancelled);
  CHECK(runner->status().cells_done == 1);
  CHECK_FALSE(runner->running());
  CHECK_FALSE(runner->pump(1));

  REQUIRE(runner->start(Backend::sqlite).empty());  // afresh
  CHECK(runner->running());
  CHECK(runner->status().cells_done == 0);
  CHECK(runner->status().table.results.empty());
}

TEST_CASE("the desktop's isolation runner needs no pumping and builds the table the frame loop builds") {
  const std::unique_ptr<IsolationRunner> threaded = desktop_isolation_runner();
  REQUIRE(threaded->start(Backend::sqlite).empty());
  CHECK_FALSE(threaded->pump(1));
  threaded->wait();
  const IsolationRunner::Status on_thread = threaded->status();
  REQUIRE(on_thread.state == IsolationRunner::State::finished);

  const std::unique_ptr<IsolationRunner> framed = frame_isolation_runner();
  REQUIRE(framed->start(Backend::sqlite).empty());
  const IsolationRunner::Status by_frames = pump_to_the_end(*framed);
  REQUIRE(by_frames.state == IsolationRunner::State::finished);
  CHECK(by_frames.cells_done == by_frames.cell_count);
  CHECK_FALSE(framed->pump(1));

  REQUIRE(on_thread.table.results.size() == by_frames.table.results.size());
  CHECK(on_thread.table.columns == by_frames.table.columns);
  for (std::size_t cell = 0; cell < on_thread.table.results.size(); ++cell) {
    const SqlRunResult& a = on_thread.table.results[cell];
    const SqlRunResult& b = by_frames.table.results[cell];
    CAPTURE(a.scenario);
    CAPTURE(a.variant);
    CHECK(a.scenario == b.scenario);
    CHECK(a.variant == b.variant);
    CHECK(a.anomaly == b.anomaly);
    CHECK(a.how == b.how);
    CHECK(a.stuck == b.stuck);
  }
}

}  // namespace
}  // namespace reslab
