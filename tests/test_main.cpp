// doctest's runner for every test program, with the engine as the desktop's programs run it.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "core/desktop_engine.hpp"

int main(int argc, char** argv) {
  reslab::use_desktop_engine();
  return doctest::Context(argc, argv).run();
}
