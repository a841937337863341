#pragma once
// The command line's exit codes (SPEC section 6): 0 done, 2 bad input or usage, 1 anything else that
// failed; 130 for a run cancelled with Ctrl+C.
namespace reslab {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitInterrupted = 130;  // 128 + SIGINT, as shells report it

}  // namespace reslab
