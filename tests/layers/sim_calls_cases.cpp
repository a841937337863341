// A file of the engine (core/sim/) that calls a case family's code: reslab_sim alone must not link it.
// undefined: reslab::bundled_case_families()
#include "core/cases/families.hpp"

int main() {
  return reslab::bundled_case_families().empty() ? 1 : 0;
}
