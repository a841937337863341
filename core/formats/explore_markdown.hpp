#pragma once
// Every order explored, for people: a headline, a table of counts per model, a sentence per model,
// and the final states each model's orders end in.
#include <string>

#include "core/sim/explore.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/text.hpp"

namespace reslab {

// One line for a window's top or a handout: "naive: 4 of 6 orders break an invariant; atomic: 0 of 4;
// 2 cannot happen in atomic: B waits for A".
std::string exploration_headline(const Exploration& exploration, const Scenario& scenario, Lang lang);
// A final state in words, by the case's figures: "available 0 · active holds 2".
std::string final_state_text(const std::vector<Figure>& figures, const Scenario& scenario, Lang lang);
// `heading_level` 1 for the page of `reslab explore`, 2 or more for a section of a longer page.
std::string exploration_to_markdown(const Exploration& exploration, const Scenario& scenario, Lang lang,
                                    int heading_level = 1);

// The "Every order" section a Markdown trace ends with: every order of `preset`'s events explored on
// SQLite (a sample above `limit`), as exploration_to_markdown() at heading level 3.
std::string every_order_section(const Scenario& scenario, const std::string& preset, Lang lang,
                                std::uint64_t limit = 2'000);

}  // namespace reslab
