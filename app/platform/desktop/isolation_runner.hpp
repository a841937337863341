#pragma once
// The desktop's isolation table on a thread of its own (BackgroundRun, as the seat race and the load lab
// run).
#include <functional>
#include <memory>

#include "app/platform/isolation_runner.hpp"

namespace reslab {

// `wake` must be safe to call from any thread: a cell is done, or the run ended.
std::unique_ptr<IsolationRunner> desktop_isolation_runner(std::function<void()> wake = {});

}  // namespace reslab
