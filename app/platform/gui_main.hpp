#pragma once
// The desktop app's event loop.
#include <string>

namespace reslab {

// Opens the window on a scenario (bundled id or path; "" = the last one used, H1 the first time).
// Returns the process exit code.
// `first_frame_only`: exit once the first frame is on screen (to measure start-up time).
// `backend`: "sqlite" or "postgres" from --backend; "" = the one used last time.
int run_gui(const std::string& scenario_name, const std::string& lang_code, bool first_frame_only = false,
            const std::string& backend = "");

}  // namespace reslab
