// Every order of an SQL scenario, counted per variant: as Markdown and as JSON.
#include <algorithm>
#include <sstream>

#include "core/formats/sql_trace.hpp"
#include "core/sim/message.hpp"

namespace reslab {
namespace {

std::string explored_say(const std::string& key, Lang lang,
                         std::vector<std::pair<std::string, std::string>> args = {}) {
  Message message{key};
  message.args = std::move(args);
  return render(message, lang);
}

std::string steps_in_order(const std::vector<std::string>& steps) {
  std::string out;
  for (const auto& step : steps) out += (out.empty() ? "" : ", ") + step;
  return out;
}

}  // namespace

std::string sql_outcome_text(const SqlScenario& scenario, const SqlExploredVariant::Outcome& outcome,
                             Lang lang) {
  SqlRunResult shown;
  shown.anomaly = outcome.anomaly;
  shown.how = outcome.how;
  std::string text = scenario.anomaly      ? isolation_cell_text(shown, lang)
                     : outcome.how.empty() ? explored_say("sql.explore.clean", lang)
                                           : how_in_words(outcome.how, lang);
  if (outcome.stuck) text += " · " + explored_say("sql.explore.stuck", lang);
  return text;
}

std::string sql_exploration_to_markdown(const SqlScenario& scenario,
                                        const std::vector<SqlExploredVariant>& explored, Lang lang) {
  std::ostringstream out;
  out << "# " << explored_say("sql.explore.title", lang, {{"title", scenario.title.in(lang)}}) << "\n\n";
  out << "| " << explored_say("sql.explore.variant", lang) << " | "
      << explored_say("sql.explore.orders", lang) << " | " << explored_say("sql.explore.outcome", lang)
      << " | " << explored_say("sql.explore.example", lang) << " |\n|---|---|---|---|\n";
  for (const auto& item : explored)
    for (const auto& outcome : item.outcomes) {
      out << "| " << level_text(item.variant->level, lang) << " | " << outcome.orders << " / " << item.orders
          << " | " << sql_outcome_text(scenario, outcome, lang) << " | `" << steps_in_order(outcome.example)
          << "` |\n";
    }
  return out.str();
}

nlohmann::ordered_json sql_exploration_to_json(const SqlScenario& scenario,
                                               const std::vector<SqlExploredVariant>& explored) {
  nlohmann::ordered_json variants = nlohmann::ordered_json::array();
  for (const auto& item : explored) {
    nlohmann::ordered_json outcomes = nlohmann::ordered_json::array();
    for (const auto& outcome : item.outcomes)
      outcomes.push_back({{"anomaly", outcome.anomaly},
                          {"how", outcome.how},
                          {"stuck", outcome.stuck},
                          {"orders", outcome.orders},
                          {"example", outcome.example}});
    variants.push_back({{"variant", item.variant->id},
                        {"level", item.variant->level},
                        {"orders", item.orders},
                        {"outcomes", std::move(outcomes)}});
  }
  return {{"scenario", scenario.id}, {"kind", "sql"}, {"variants", std::move(variants)}};
}

}  // namespace reslab
