#pragma once
// The two teaching models every stepped case runs under: naive (what a beginner writes) and atomic
// (the correct design).
#include <string_view>

namespace reslab {

enum class Model { naive, atomic };
std::string_view model_name(Model model);
bool parse_model(std::string_view text, Model& out);

}  // namespace reslab
