#include "app/cli/hidden_on_slide.hpp"

namespace reslab {

std::string hidden_on_slide(const SlideName& slide, const std::vector<std::string>& clipped) {
  if (clipped.empty()) return {};
  std::string text = slide.scenario + (slide.preset.empty() ? "" : " " + slide.preset) + " " + slide.model +
                     " step " + std::to_string(slide.step) + " (" + std::to_string(slide.width) + "x" +
                     std::to_string(slide.height) + ", " + std::to_string(slide.scale) + "x, " +
                     std::string(lang_code(slide.lang)) + ") hides what changed: ";
  for (std::size_t i = 0; i < clipped.size(); ++i) text += (i ? ", " : "") + clipped[i];
  return text;
}

}  // namespace reslab
