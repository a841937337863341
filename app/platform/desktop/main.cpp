#include "app/cli/cli.hpp"

int main(int argc, char** argv) {
  return reslab::run_cli(argc, argv);
}
