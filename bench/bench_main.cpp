// Google Benchmark's runner for every benchmark program, with the engine as the desktop's programs run it.
#include <benchmark/benchmark.h>

#include "core/desktop_engine.hpp"

int main(int argc, char** argv) {
  reslab::use_desktop_engine();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
