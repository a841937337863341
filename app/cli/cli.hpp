#pragma once
// The command line: `reslab trace`, `reslab check`, and the default command.
namespace reslab {

// Returns the process exit code: 0 on success, 2 on bad input or usage.
int run_cli(int argc, char** argv);

}  // namespace reslab
