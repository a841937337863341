#include "app/cli/cli.hpp"
#include "core/desktop_engine.hpp"

int main(int argc, char** argv) {
  reslab::use_desktop_engine();
  return reslab::run_cli(argc, argv);
}
