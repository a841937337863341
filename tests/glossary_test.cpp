// The words of docs/GLOSSARY.md, checked over everything a user reads: both languages of every string
// table (the engine's and each case family's messages, the app's assets/strings/*.toml, every bundled
// scenario's texts) and the Markdown and JSON trace of every preset of every case in both models and
// languages. A check that finds a bad word names the text it was in.
#include <doctest/doctest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "core/formats/trace_json.hpp"
#include "core/formats/trace_markdown.hpp"
#include "core/sim/message.hpp"
#include "core/sim/message_catalog.hpp"
#include "core/sim/scenario_library.hpp"
#include "tests/test_support.hpp"

using namespace reslab;
using namespace reslab::test;

namespace {

// One text a user reads, with where it comes from.
struct Text {
  std::string where;
  Lang lang;
  std::string text;
};

std::string read_whole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// The glossary's "Words not to use": `- zh `word` → instead`.
struct Forbidden {
  Lang lang;
  std::string word;
};

std::vector<Forbidden> forbidden_words() {
  std::vector<Forbidden> words;
  std::istringstream glossary(read_whole(std::string(RESLAB_SCENARIO_DIR) + "/../docs/GLOSSARY.md"));
  bool in_list = false;
  static const std::regex kLine(R"(^- (en|zh) `([^`]+)` →)");
  for (std::string line; std::getline(glossary, line);) {
    if (line.rfind("## ", 0) == 0) in_list = line.find("Words not to use") != std::string::npos;
    std::smatch match;
    if (in_list && std::regex_search(line, match, kLine))
      words.push_back({match[1] == "zh" ? Lang::zh : Lang::en, match[2]});
  }
  return words;
}

// The values of an assets/strings file: `key = "value"` lines.
void add_ui_strings(std::vector<Text>& texts, const std::string& file, Lang lang) {
  std::istringstream lines(read_whole(std::string(RESLAB_SCENARIO_DIR) + "/../assets/strings/" + file));
  for (std::string line; std::getline(lines, line);) {
    const std::size_t open = line.find('"');
    const std::size_t close = line.rfind('"');
    if (line.empty() || line[0] == '#' || open == std::string::npos || close <= open) continue;
    texts.push_back(
        {file + ": " + line.substr(0, line.find(' ')), lang, line.substr(open + 1, close - open - 1)});
  }
}

void add(std::vector<Text>& texts, const std::string& where, const LocalizedText& text) {
  if (!text.en.empty()) texts.push_back({where, Lang::en, text.en});
  if (!text.zh.empty()) texts.push_back({where, Lang::zh, text.zh});
}

// Every string table, in both languages.
std::vector<Text> string_tables() {
  std::vector<Text> texts;
  for (const auto& table : message_tables())
    for (const auto& entry : table) add(texts, entry.key, {entry.en, entry.zh});
  add_ui_strings(texts, "en.toml", Lang::en);
  add_ui_strings(texts, "zh.toml", Lang::zh);
  for (const auto& file : bundled_scenario_files()) {
    const Scenario scenario = load_scenario_file(file);
    for (const auto* text :
         {&scenario.title, &scenario.summary, &scenario.naive_model, &scenario.atomic_model})
      add(texts, scenario.id, *text);
    for (const auto& actor : scenario.actors) add(texts, scenario.id + " actor " + actor.id, actor.name);
    for (const auto& event : scenario.events) {
      add(texts, scenario.id + " note of " + event.id, event.note);
      add(texts, scenario.id + " time label of " + event.id, event.time_label);
    }
    for (const auto& preset : scenario.presets)
      add(texts, scenario.id + " preset " + preset.name, preset.title);
    for (const auto& question : scenario.questions) add(texts, scenario.id + " question", question);
  }
  return texts;
}

// What a user reads of a trace: code spans (`--order ...`, `released`) are identifiers by design, read as
// one word.
std::string without_code(const std::string& text) {
  static const std::regex kCode("`[^`]*`");
  return std::regex_replace(text, kCode, "code");
}

struct TraceTexts {
  std::vector<Text> texts;
  // The ids of the actors that have a name, per scenario id: a text says the name instead.
  std::vector<std::pair<std::string, std::vector<std::string>>> named_actors;
};

// Every preset of every bundled case, both models, both languages: the Markdown trace and the JSON
// trace's summaries, explanations and invariant details.
const TraceTexts& trace_texts() {
  static const TraceTexts all = [] {
    TraceTexts out;
    for (const auto& file : bundled_scenario_files()) {
      const Scenario scenario = load_scenario_file(file);
      std::vector<std::string> ids;
      for (const auto& actor : scenario.actors)
        if (!actor.name.empty()) ids.push_back(actor.id);
      out.named_actors.emplace_back(scenario.id, ids);
      for (const auto& preset : scenario.presets)
        for (Model model : {Model::naive, Model::atomic}) {
          const Trace trace = run_preset(scenario, model, preset.name);
          for (Lang lang : {Lang::en, Lang::zh}) {
            const std::string where = scenario.id + " " + preset.name + " " + std::string(model_name(model)) +
                                      " " + std::string(lang_code(lang));
            out.texts.push_back(
                {where + " markdown", lang, without_code(trace_to_markdown(trace, scenario, lang))});
            const nlohmann::ordered_json json = trace_to_json(trace, scenario, lang);
            std::string said;
            for (const auto& step : json["steps"]) {
              said +=
                  step["summary"].get<std::string>() + "\n" + step["explanation"].get<std::string>() + "\n";
              for (const auto& invariant : step["invariants"])
                if (invariant.contains("detail")) said += invariant["detail"].get<std::string>() + "\n";
            }
            out.texts.push_back({where + " json", lang, said});
          }
        }
    }
    return out;
  }();
  return all;
}

bool is_cjk_at(const std::string& text, std::size_t i) {
  if (i + 3 > text.size() || (static_cast<unsigned char>(text[i]) & 0xF0) != 0xE0) return false;
  const char32_t c =
      static_cast<char32_t>(((text[i] & 0x0F) << 12) | ((text[i + 1] & 0x3F) << 6) | (text[i + 2] & 0x3F));
  return is_cjk(c);
}

// The problems of one text: a forbidden word, and in Chinese "s" for seconds, a doubled unit, or an ASCII
// space between two Chinese characters.
std::vector<std::string> problems_of(const Text& text, const std::vector<Forbidden>& forbidden) {
  std::vector<std::string> problems;
  for (const auto& word : forbidden) {
    if (word.lang != text.lang) continue;
    const bool found =
        word.lang == Lang::en
            ? std::regex_search(text.text, std::regex("\\b" + word.word + "\\b", std::regex::icase))
            : text.text.find(word.word) != std::string::npos;
    if (found) problems.push_back("'" + word.word + "'");
  }
  if (text.lang != Lang::zh) return problems;
  static const std::regex kSeconds(R"((\d|\})\s?s\b)");
  if (std::regex_search(text.text, kSeconds)) problems.push_back("'s' for seconds");
  if (text.text.find("秒 秒") != std::string::npos || text.text.find("秒秒") != std::string::npos)
    problems.push_back("the unit twice");
  for (std::size_t i = 0; i + 1 < text.text.size(); ++i)
    if (text.text[i] == ' ' && i >= 3 && is_cjk_at(text.text, i - 3) && is_cjk_at(text.text, i + 1)) {
      problems.push_back("a space between two Chinese characters at '" + text.text.substr(i - 3, 7) + "'");
      break;
    }
  return problems;
}

std::string excerpt(const std::string& text) {
  return text.size() > 160 ? text.substr(0, 160) + "..." : text;
}

}  // namespace

TEST_CASE("the glossary lists the words not to use, in both languages") {
  const auto words = forbidden_words();
  CHECK(words.size() >= 10);
  CHECK(std::any_of(words.begin(), words.end(), [](const Forbidden& w) { return w.word == "种子"; }));
  CHECK(std::any_of(words.begin(), words.end(), [](const Forbidden& w) { return w.word == "seed"; }));
}

TEST_CASE("every string table in both languages keeps to the glossary") {
  const auto forbidden = forbidden_words();
  for (const auto& text : string_tables())
    for (const auto& problem : problems_of(text, forbidden))
      FAIL_CHECK(text.where << " (" << lang_code(text.lang) << "): " << problem
                            << " in: " << excerpt(text.text));
}

TEST_CASE("every trace of every preset in both models and languages keeps to the glossary") {
  const auto forbidden = forbidden_words();
  for (const auto& text : trace_texts().texts)
    for (const auto& problem : problems_of(text, forbidden)) FAIL_CHECK(text.where << ": " << problem);
}

TEST_CASE("a trace names an actor by its name, never by its id") {
  const auto& all = trace_texts();
  for (const auto& text : all.texts) {
    const std::string scenario = text.where.substr(0, text.where.find(' '));
    for (const auto& [id, ids] : all.named_actors) {
      if (id != scenario) continue;
      for (const auto& actor : ids) {
        // An id made of a plain word ("callbacks", "checkout") may be a table's name or an English word;
        // one with an underscore or a digit (expiry_worker, buyer1) is only ever an identifier.
        if (actor.find_first_of("_0123456789") == std::string::npos) continue;
        if (std::regex_search(text.text, std::regex("(^|[^A-Za-z0-9_])" + actor + "($|[^A-Za-z0-9_])")))
          FAIL_CHECK(text.where << ": the actor id " << actor);
      }
    }
  }
}

TEST_CASE("the glossary test catches each kind of bad text") {
  const auto forbidden = forbidden_words();
  const auto bad = [&](Lang lang, const std::string& text) {
    return !problems_of({"", lang, text}, forbidden).empty();
  };
  CHECK(bad(Lang::zh, "种子文章 003 的抢购"));
  CHECK(bad(Lang::en, "the seed article"));
  CHECK(bad(Lang::zh, "退款 worker 崩溃"));
  CHECK(bad(Lang::zh, "在 10 s 时"));
  CHECK(bad(Lang::zh, "第 11 秒 >= 10s"));
  CHECK(bad(Lang::zh, "1.5 秒 秒/步"));
  CHECK(bad(Lang::zh, "过期任务 释放预留 #1"));
  CHECK_FALSE(bad(Lang::zh, "过期任务释放预留 #1，第 11 秒 ≥ 第 10 秒，1.5 秒/步，请求 A 读取库存"));
  CHECK_FALSE(bad(Lang::en, "The expiry job releases hold #1 at 11 s"));
}
