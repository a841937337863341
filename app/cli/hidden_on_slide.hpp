#pragma once
// The warning `reslab export` and `reslab handout` give when a picture they write hides something a
// step changed (SlideCamera::clipped): which slide, and what it hides. The picture is still written
// and the exit status stays as it was: a crowded slide is worth seeing, and a larger --size shows more.
#include <string>
#include <vector>

#include "core/sim/text.hpp"

namespace reslab {

struct SlideName {
  std::string scenario;  // its id, "h2"
  std::string preset;    // empty for an order given by hand
  std::string model;     // "naive", "atomic", or an SQL scenario's variant id
  int step = 0;
  int width = 0, height = 0;  // logical pixels
  int scale = 1;
  Lang lang = Lang::en;
};

// "h2 article atomic step 2 (1600x900, 1x, en) hides what changed: table refund_tasks, row
// refund_tasks 2"; empty when `clipped` is.
std::string hidden_on_slide(const SlideName& slide, const std::vector<std::string>& clipped);

}  // namespace reslab
