// [SECTION] index: words · headline · the page
#include "core/formats/explore_markdown.hpp"

#include <sstream>

#include "core/formats/labels.hpp"
#include "core/sim/message.hpp"

namespace reslab {
namespace {

// [SECTION] words
std::string say(const std::string& key, Lang lang,
                std::vector<std::pair<std::string, std::string>> args = {}) {
  Message message{key};
  message.args = std::move(args);
  return render(message, lang);
}

std::string model_text(Model model, Lang lang) {
  return render(Message{model == Model::naive ? "model.naive" : "model.atomic"}, lang);
}

std::string order_text(const std::vector<std::string>& order) {
  std::string text;
  for (const auto& id : order) text += (text.empty() ? "" : ",") + id;
  return "`" + text + "`";
}

std::string list_separator(Lang lang) {
  return lang == Lang::zh ? "、" : ", ";
}

std::string broken_text(const std::vector<std::string>& broken, const Scenario& scenario, Lang lang) {
  std::string text;
  for (const auto& name : broken)
    text += (text.empty() ? "" : list_separator(lang)) + invariant_label(scenario, name, lang);
  return text;
}

std::string count_text(const std::map<std::string, std::uint64_t>& by_invariant, const Scenario& scenario,
                       Lang lang) {
  std::string text;
  const auto add = [&](const std::string& name, std::uint64_t count) {
    text += (text.empty() ? "" : list_separator(lang)) +
            say("explore.count_of", lang,
                {{"name", invariant_label(scenario, name, lang)}, {"count", std::to_string(count)}});
  };
  for (const auto& name : scenario.invariants)
    if (auto found = by_invariant.find(name); found != by_invariant.end()) add(name, found->second);
  for (const auto& [name, count] : by_invariant)
    if (std::find(scenario.invariants.begin(), scenario.invariants.end(), name) == scenario.invariants.end())
      add(name, count);
  return text;
}

std::string actors_text(const Scenario& scenario, const std::vector<std::string>& ids, Lang lang) {
  std::string text;
  for (const auto& id : ids)
    text += (text.empty() ? "" : list_separator(lang)) + actor_label(scenario, id, lang);
  return text;
}

// "2 cannot happen: Request B waits for Request A" (headline) or the whole sentence with an example.
std::string blocked_sentence(const BlockedGroup& group, const Scenario& scenario, Lang lang, bool sentence) {
  std::string key = sentence ? "explore.sentence_blocked" : "explore.headline_blocked";
  if (group.waiting_for.empty()) key += "_alone";
  if (sentence && group.count == 1) key += "_one";
  return say(key, lang,
             {{"count", std::to_string(group.count)},
              {"actor", actor_label(scenario, group.actor, lang)},
              {"holder", actors_text(scenario, group.waiting_for, lang)},
              {"example", order_text(group.example)}});
}

std::string preset_title(const Scenario& scenario, const std::string& name, Lang lang) {
  for (const auto& preset : scenario.presets)
    if (preset.name == name && !preset.title.empty()) return preset.title.in(lang);
  return name;
}

std::string heading(int level, const std::string& text) {
  return std::string(static_cast<std::size_t>(std::max(1, level)), '#') + " " + text + "\n\n";
}

}  // namespace

// [SECTION] headline
std::string exploration_headline(const Exploration& exploration, const Scenario& scenario, Lang lang) {
  std::string line;
  const std::string separator = lang == Lang::zh ? "；" : "; ";
  for (const auto& summary : exploration.models) {
    line += (line.empty() ? "" : separator) + say("explore.headline_harm", lang,
                                                  {{"harmful", std::to_string(summary.harmful)},
                                                   {"runnable", std::to_string(summary.runnable)},
                                                   {"model", model_text(summary.model, lang)}});
    for (const auto& group : summary.blocked)
      line += separator + blocked_sentence(group, scenario, lang, false);
  }
  return line;
}

std::string final_state_text(const std::vector<Figure>& figures, const Scenario& scenario, Lang lang) {
  std::string text;
  for (const auto& name : scenario.figures)
    for (const auto& figure : figures)
      if (figure.name == name)
        text += (text.empty() ? "" : " · ") + figure_label(scenario, name, lang) + " " +
                figure_value_text(figure);
  return text.empty() ? "-" : text;
}

// [SECTION] the page
std::string exploration_to_markdown(const Exploration& exploration, const Scenario& scenario, Lang lang,
                                    int heading_level) {
  std::ostringstream out;
  const std::string title = scenario.title.empty() ? scenario.id : scenario.title.in(lang);
  // A section of a longer page about the case does not name the case again.
  out << heading(heading_level, heading_level > 1 ? say("explore.section", lang)
                                                  : say("explore.title", lang, {{"case", title}}));

  std::string lanes;
  std::vector<std::string> actors;
  for (const auto& id : exploration.events)
    for (const auto& event : scenario.events)
      if (event.id == id && std::find(actors.begin(), actors.end(), event.actor) == actors.end())
        actors.push_back(event.actor);
  for (const auto& actor : actors) {
    std::string lane;
    for (const auto& id : exploration.events)
      for (const auto& event : scenario.events)
        if (event.id == id && event.actor == actor) lane += (lane.empty() ? "" : " → ") + id;
    lanes += (lanes.empty()      ? ""
              : lang == Lang::zh ? "；"
                                 : "; ") +
             say("explore.lane", lang, {{"actor", actor_label(scenario, actor, lang)}, {"events", lane}});
  }
  const std::string events = exploration.preset.empty()
                                 ? say("explore.all_events", lang)
                                 : say("explore.of_preset", lang,
                                       {{"title", preset_title(scenario, exploration.preset, lang)},
                                        {"preset", exploration.preset}});
  std::string what =
      say(exploration.orders == 1 ? "explore.lanes_one" : "explore.lanes", lang,
          {{"events", events}, {"orders", std::to_string(exploration.orders)}, {"lanes", lanes}});
  if (!what.empty()) what[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(what[0])));
  out << what << "\n";
  if (exploration.sampled)
    out << say("explore.sampled", lang,
               {{"limit", std::to_string(exploration.explored)},
                {"explored", std::to_string(exploration.explored)},
                {"sample", std::to_string(exploration.seed)}})
        << "\n";
  if (exploration.cancelled)
    out << say("explore.cancelled", lang, {{"done", std::to_string(exploration.runs.size())}}) << "\n";
  out << "\n";

  out << "| " << say("explore.model", lang) << " | " << say("explore.orders", lang) << " | "
      << say("explore.runnable", lang) << " | " << say("explore.not_runnable", lang) << " | "
      << say("explore.harmful", lang) << " | " << say("explore.broken", lang)
      << " |\n|---|---|---|---|---|---|\n";
  for (const auto& summary : exploration.models) {
    const std::string counts = count_text(summary.by_invariant, scenario, lang);
    out << "| " << model_text(summary.model, lang) << " | " << summary.runnable + summary.not_runnable
        << " | " << summary.runnable << " | " << summary.not_runnable << " | " << summary.harmful << " | "
        << (counts.empty() ? say("explore.none", lang) : counts) << " |\n";
  }
  out << "\n";

  for (const auto& summary : exploration.models) {
    const std::string model = model_text(summary.model, lang);
    out << (summary.harmful > 0 ? say("explore.sentence_harm", lang,
                                      {{"model", model},
                                       {"harmful", std::to_string(summary.harmful)},
                                       {"runnable", std::to_string(summary.runnable)},
                                       {"broken", count_text(summary.by_invariant, scenario, lang)}})
                                : say("explore.sentence_safe", lang,
                                      {{"model", model}, {"runnable", std::to_string(summary.runnable)}}));
    for (const auto& group : summary.blocked)
      out << (lang == Lang::zh ? "" : " ") << blocked_sentence(group, scenario, lang, true);
    out << "\n\n";
  }

  for (const auto& summary : exploration.models) {
    if (summary.outcomes.empty()) continue;
    out << heading(heading_level + 1,
                   say("explore.groups", lang, {{"model", model_text(summary.model, lang)}}));
    out << "| " << say("explore.group_orders", lang) << " | " << say("explore.group_state", lang) << " | "
        << say("explore.broken", lang) << " | " << say("explore.group_tables", lang) << " | "
        << say("explore.group_example", lang) << " |\n|---|---|---|---|---|\n";
    for (const auto& outcome : summary.outcomes)
      out << "| " << outcome.count << " | " << final_state_text(outcome.figures, scenario, lang) << " | "
          << (outcome.harmful ? broken_text(outcome.broken, scenario, lang) : say("explore.none", lang))
          << " | " << outcome.final_states << " | " << order_text(outcome.example) << " |\n";
    out << "\n";
  }
  for (const auto& summary : exploration.models) {
    if (summary.outcomes.empty() || !summary.outcomes.front().harmful) continue;
    std::string order;
    for (const auto& id : summary.outcomes.front().example) order += (order.empty() ? "" : ",") + id;
    out << say("explore.try", lang,
               {{"command", "`reslab trace " + exploration.scenario + " --model " +
                                std::string(model_name(summary.model)) + " --order " + order + "`"}})
        << "\n";
    break;
  }
  return out.str();
}

std::string every_order_section(const Scenario& scenario, const std::string& preset, Lang lang,
                                std::uint64_t limit) {
  ExploreRequest request;
  request.preset = preset;
  request.limit = limit;
  return exploration_to_markdown(explore(scenario, request), scenario, lang, 3);
}

}  // namespace reslab
