#include "app/text/ui_text.hpp"

#include <toml++/toml.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "app/platform/platform_paths.hpp"
#include "core/sim/message.hpp"

namespace reslab {
namespace fs = std::filesystem;

namespace {

// Far above any real string table; guards against pointing the app at the wrong folder.
constexpr std::uintmax_t kMaxStringTableBytes = 4 << 20;

using Table = std::map<std::string, std::string, std::less<>>;

std::string located(const std::string& path, const toml::source_position& where, const std::string& message) {
  return path + ":" + std::to_string(where.line) + ":" + std::to_string(where.column) + ": " + message;
}

std::string lowercase_first(std::string text) {
  if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z') text[0] = static_cast<char>(text[0] - 'A' + 'a');
  return text;
}

// Tables become key prefixes: [controls] next = "Next" is the key "controls.next".
std::string flatten(const std::string& path, const toml::table& table, const std::string& prefix,
                    Table& out) {
  for (const auto& [key, node] : table) {
    const std::string name = prefix + std::string(key.str());
    if (const toml::table* inner = node.as_table()) {
      if (std::string problem = flatten(path, *inner, name + ".", out); !problem.empty()) return problem;
    } else if (const toml::value<std::string>* text = node.as_string()) {
      // A quoted key with a dot ("controls.next" = ...) can collide with a table's key.
      if (!out.emplace(name, text->get()).second)
        return located(path, key.source().begin, "'" + name + "' is defined twice");
    } else {
      return located(path, node.source().begin, "'" + name + "' must be a string");
    }
  }
  return {};
}

std::string read_table(const std::string& path, Table& out) {
  std::error_code error;
  const std::uintmax_t size = fs::file_size(path, error);
  if (error) return path + ": cannot read the file: " + error.message();
  if (size > kMaxStringTableBytes) return path + ": the file is too large for a string table";
  std::ifstream file(path, std::ios::binary);
  if (!file) return path + ": cannot open the file";
  std::ostringstream contents;
  contents << file.rdbuf();
  try {
    const toml::table root = toml::parse(contents.str(), std::string_view(path));
    return flatten(path, root, "", out);
  } catch (const toml::parse_error& parse_error) {
    return located(path, parse_error.source().begin, lowercase_first(std::string(parse_error.description())));
  }
}

}  // namespace

std::string UiText::load(const std::string& strings_dir) {
  std::string problems;
  for (const Lang lang : {Lang::en, Lang::zh}) {
    const std::string path = strings_dir + "/" + std::string(lang_code(lang)) + ".toml";
    Table loaded;
    if (std::string problem = read_table(path, loaded); !problem.empty()) {
      problems += (problems.empty() ? "" : "\n") + problem;
      continue;
    }
    (lang == Lang::zh ? m_zh : m_en) = std::move(loaded);
  }
  return problems;
}

std::string UiText::load_installed() {
  const std::string strings = find_asset("strings/en.toml");
  if (strings.empty()) return "the string tables (assets/strings) were not found; set RESLAB_ASSET_DIR";
  return load(std::filesystem::path(strings).parent_path().string());
}

const std::string& UiText::get(Lang lang, std::string_view key) const {
  if (lang == Lang::zh) {
    if (const auto found = m_zh.find(key); found != m_zh.end() && !found->second.empty())
      return found->second;
  }
  if (const auto found = m_en.find(key); found != m_en.end()) return found->second;
  auto missing = m_missing.find(key);
  if (missing == m_missing.end()) missing = m_missing.emplace(std::string(key), std::string(key)).first;
  return missing->second;
}

std::string UiText::format(Lang lang, std::string_view key,
                           const std::vector<std::pair<std::string, std::string>>& args) const {
  const std::string text = fill_placeholders(get(lang, key), args);
  return lang == Lang::zh ? without_spaces_between_cjk(text) : text;
}

std::vector<std::string> UiText::all_strings() const {
  std::vector<std::string> texts;
  texts.reserve(m_en.size() + m_zh.size());
  for (const Table* table : {&m_en, &m_zh}) {
    for (const auto& [key, text] : *table) texts.push_back(text);
  }
  return texts;
}

std::vector<std::string> UiText::keys_missing_in(Lang lang) const {
  const Table& own = lang == Lang::zh ? m_zh : m_en;
  const Table& other = lang == Lang::zh ? m_en : m_zh;
  std::vector<std::string> missing;
  for (const auto& [key, text] : other) {
    if (!own.contains(key)) missing.push_back(key);
  }
  return missing;
}

}  // namespace reslab
