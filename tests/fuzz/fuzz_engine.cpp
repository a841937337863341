// libFuzzer calls this once before the first input: both fuzz targets run the engine as the desktop's
// programs do.
#include "core/desktop_engine.hpp"

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  reslab::use_desktop_engine();
  return 0;
}
