#include "core/sim/model.hpp"

namespace reslab {

std::string_view model_name(Model model) {
  return model == Model::naive ? "naive" : "atomic";
}

bool parse_model(std::string_view text, Model& out) {
  if (text == "naive") {
    out = Model::naive;
    return true;
  }
  if (text == "atomic") {
    out = Model::atomic;
    return true;
  }
  return false;
}

}  // namespace reslab
