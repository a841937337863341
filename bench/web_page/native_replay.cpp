// The native side of bench/web: the page's ?bench replays (every preset of every bundled case in both
// models, five passes after a warm-up), timed here with the desktop's engine.
#include <chrono>
#include <cstdio>

#include "app/platform/web/self_test.hpp"
#include "core/desktop_engine.hpp"
#include "core/sim/scenario_library.hpp"

int main() {
  reslab::use_desktop_engine();
  const auto files = reslab::bundled_scenario_files();
  reslab::web::self_test_lines(files);
  constexpr int kPasses = 5;
  int steps = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int pass = 0; pass < kPasses; ++pass) reslab::web::self_test_lines(files, &steps);
  const std::chrono::duration<double, std::micro> elapsed = std::chrono::steady_clock::now() - start;
  std::printf("%.2f us per step, %d steps per pass\n", elapsed.count() / steps, steps / kPasses);
}
