#include "core/formats/labels.hpp"

#include "core/sim/message.hpp"

namespace reslab {

std::string figure_label(const std::string& figure, Lang lang) {
  return render(Message{"figure." + figure}, lang);
}

std::string outcome_label(const std::string& outcome, Lang lang) {
  const std::string label = render(Message{"outcome." + outcome}, lang);
  return lang == Lang::zh ? label + " `" + outcome + "`" : "`" + outcome + "`";
}

std::string invariant_label(const std::string& invariant, Lang lang) {
  return render(Message{"invariant." + invariant}, lang);
}

std::string figure_value_text(const Figure& figure) {
  if (figure.name != "nights") return is_null(figure.value) ? "-" : to_display(figure.value);
  std::string text;
  for (const auto& night : figure.nights) {
    if (!text.empty()) text += ", ";
    text += night.night + " " + std::to_string(night.available) + "/" + std::to_string(night.sold) + "/" +
            std::to_string(night.capacity);
  }
  return text;
}

}  // namespace reslab
