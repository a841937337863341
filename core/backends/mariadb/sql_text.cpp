#include "core/backends/mariadb/sql_text.hpp"

#include <cctype>
#include <regex>

namespace reslab::maria {
namespace {

std::string upper_text(std::string text) {
  for (auto& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

bool starts_with_keyword(const std::string& sql, const std::string& word) {
  std::size_t start = 0;
  while (start < sql.size() && std::isspace(static_cast<unsigned char>(sql[start]))) ++start;
  const std::string head = upper_text(sql.substr(start, word.size() + 1));
  return head.rfind(word, 0) == 0 &&
         (head.size() == word.size() || !std::isalnum(static_cast<unsigned char>(head[word.size()])));
}

int count_placeholders(const std::string& sql) {
  int count = 0;
  char quote = 0;
  for (char c : sql) {
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '?') {
      ++count;
    }
  }
  return count;
}

}  // namespace

std::string quote_reserved(const std::string& sql) {
  // Column names the cases use that MariaDB reserves.
  static const char* const reserved[] = {"change"};
  std::string out;
  out.reserve(sql.size() + 8);
  char quote = 0;
  for (std::size_t i = 0; i < sql.size();) {
    const char c = sql[i];
    if (quote) {
      if (c == quote) quote = 0;
      out += c;
      ++i;
      continue;
    }
    if (c == '\'' || c == '"' || c == '`') {
      quote = c;
      out += c;
      ++i;
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t end = i;
      while (end < sql.size() && (std::isalnum(static_cast<unsigned char>(sql[end])) || sql[end] == '_'))
        ++end;
      const std::string word = sql.substr(i, end - i);
      bool is_reserved = false;
      for (const char* name : reserved) is_reserved = is_reserved || upper_text(word) == upper_text(name);
      const bool qualified = i > 0 && sql[i - 1] == '.';
      out += is_reserved && !qualified ? "`" + word + "`" : word;
      i = end;
      continue;
    }
    out += c;
    ++i;
  }
  return out;
}

std::string bind_literals(const std::string& sql, const std::vector<Value>& params,
                          const std::function<std::string(const Value&)>& literal) {
  std::string out;
  out.reserve(sql.size() + 16 * params.size());
  std::size_t next = 0;
  char quote = 0;
  for (char c : sql) {
    if (quote) {
      if (c == quote) quote = 0;
      out += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      out += c;
    } else if (c == '?' && next < params.size()) {
      out += literal(params[next++]);
    } else {
      out += c;
    }
  }
  return out;
}

std::string translate_statement(const std::string& sql) {
  static const std::regex begin_mode(
      R"(^\s*BEGIN\s+(IMMEDIATE|DEFERRED|EXCLUSIVE)(\s+TRANSACTION)?\s*;?\s*$)", std::regex::icase);
  if (std::regex_match(sql, begin_mode)) return "BEGIN";
  static const std::regex do_nothing(R"(\s*ON\s+CONFLICT\s*(\([^)]*\))?\s*DO\s+NOTHING)", std::regex::icase);
  static const std::regex do_update(R"(\s*ON\s+CONFLICT\s*(\([^)]*\))?\s*DO\s+UPDATE\s+SET\s+)",
                                    std::regex::icase);
  static const std::regex excluded(R"(\bexcluded\.(\w+))", std::regex::icase);
  static const std::regex insert(R"(^\s*INSERT\s+)", std::regex::icase);
  std::string text = quote_reserved(sql);
  if (std::regex_search(text, do_nothing)) {
    text = std::regex_replace(text, do_nothing, "");
    text = std::regex_replace(text, insert, "INSERT IGNORE ", std::regex_constants::format_first_only);
  }
  if (std::regex_search(text, do_update)) {
    text = std::regex_replace(text, do_update, " ON DUPLICATE KEY UPDATE ");
    text = std::regex_replace(text, excluded, "VALUES($1)");
  }
  return text;
}

bool is_upsert(const std::string& sql) {
  return upper_text(sql).find("ON CONFLICT") != std::string::npos &&
         upper_text(sql).find("DO UPDATE") != std::string::npos;
}

std::optional<UpdateReturning> split_update_returning(const std::string& sql) {
  static const std::regex shape(
      R"(^\s*UPDATE\s+(\w+)\s+SET\s+([\s\S]*?)\s+WHERE\s+([\s\S]*?)\s+RETURNING\s+([\s\S]*?)\s*;?\s*$)",
      std::regex::icase);
  std::smatch match;
  if (!std::regex_match(sql, match, shape)) return std::nullopt;
  UpdateReturning out{match[1].str(), match[2].str(), match[3].str(), match[4].str(), 0};
  out.set_placeholders = count_placeholders(out.set);
  return out;
}

std::optional<ConditionalUpsert> split_conditional_upsert(const std::string& bound_sql) {
  static const std::regex shape(
      R"(^\s*INSERT\s+INTO\s+(\w+)\s*\(([^)]*)\)\s*VALUES\s*\(([\s\S]*?)\)\s*ON\s+CONFLICT\s*\((\w+)\)\s*DO\s+UPDATE\s+SET\s+([\s\S]*?)\s+WHERE\s+([\s\S]*?)\s*;?\s*$)",
      std::regex::icase);
  std::smatch match;
  if (!std::regex_match(bound_sql, match, shape)) return std::nullopt;
  const auto split_list = [](const std::string& list) {
    std::vector<std::string> items(1);
    char quote = 0;
    int depth = 0;
    for (char c : list) {
      if (quote) {
        if (c == quote) quote = 0;
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '(') {
        ++depth;
      } else if (c == ')') {
        --depth;
      } else if (c == ',' && depth == 0) {
        items.emplace_back();
        continue;
      }
      items.back() += c;
    }
    for (auto& item : items) {
      const auto first = item.find_first_not_of(" \t\n");
      const auto last = item.find_last_not_of(" \t\n");
      item = first == std::string::npos ? "" : item.substr(first, last - first + 1);
    }
    return items;
  };
  const std::string table = match[1].str();
  const auto columns = split_list(match[2].str());
  const auto values = split_list(match[3].str());
  if (columns.size() != values.size()) return std::nullopt;
  std::map<std::string, std::string> value_of;
  for (std::size_t i = 0; i < columns.size(); ++i) value_of[upper_text(columns[i])] = values[i];
  const std::string key = match[4].str();
  if (!value_of.count(upper_text(key))) return std::nullopt;
  std::string set = match[5].str();
  static const std::regex excluded(R"(\bexcluded\.(\w+))", std::regex::icase);
  std::string replaced;
  auto last = set.cbegin();
  for (std::sregex_iterator it(set.begin(), set.end(), excluded), end; it != end; ++it) {
    replaced.append(last, (*it)[0].first);
    const std::string column = upper_text((*it)[1].str());
    replaced += value_of.count(column) ? value_of[column] : "NULL";
    last = (*it)[0].second;
  }
  replaced.append(last, set.cend());
  ConditionalUpsert out;
  out.insert = "INSERT IGNORE INTO " + table + "(" + match[2].str() + ") VALUES (" + match[3].str() + ")";
  out.update = "UPDATE " + table + " SET " + replaced + " WHERE " + key + " = " + value_of[upper_text(key)] +
               " AND (" + match[6].str() + ")";
  return out;
}

TranslatedDdl translate_ddl(const std::string& sql) {
  static const std::regex create(R"(^\s*CREATE\s+TABLE\s+(\w+)\s*\()", std::regex::icase);
  static const std::regex identity(R"((\w+)\s+INTEGER\s+PRIMARY\s+KEY)", std::regex::icase);
  static const std::regex key(R"((\w+)\s+\w+\s+PRIMARY\s+KEY)", std::regex::icase);
  static const std::regex integer(R"(\bINTEGER\b)", std::regex::icase);
  static const std::regex text_type(R"(\bTEXT\b)", std::regex::icase);
  TranslatedDdl out;
  std::smatch match;
  if (std::regex_search(sql, match, create)) out.table = match[1].str();
  std::string text = quote_reserved(sql);
  if (std::regex_search(text, match, key)) out.key_column = match[1].str();
  if (std::regex_search(text, match, identity)) {
    out.identity_column = match[1].str();
    text = match.prefix().str() + out.identity_column + " BIGINT AUTO_INCREMENT PRIMARY KEY" +
           match.suffix().str();
  }
  text = std::regex_replace(text, integer, "BIGINT");
  text = std::regex_replace(text, text_type, "VARCHAR(255)");
  if (!out.table.empty()) text += " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin";
  out.sql = text;
  return out;
}

bool is_begin(const std::string& sql) {
  return starts_with_keyword(sql, "BEGIN") || starts_with_keyword(sql, "START");
}

bool takes_row_locks(const std::string& sql) {
  if (starts_with_keyword(sql, "INSERT") || starts_with_keyword(sql, "UPDATE") ||
      starts_with_keyword(sql, "DELETE") || starts_with_keyword(sql, "REPLACE"))
    return true;
  const std::string text = upper_text(sql);
  return text.find(" FOR UPDATE") != std::string::npos || text.find(" FOR SHARE") != std::string::npos ||
         text.find(" LOCK IN SHARE MODE") != std::string::npos;
}

bool is_plain_select(const std::string& sql) {
  return (starts_with_keyword(sql, "SELECT") || starts_with_keyword(sql, "WITH")) && !takes_row_locks(sql);
}

bool has_returning(const std::string& sql) {
  return upper_text(sql).find(" RETURNING ") != std::string::npos;
}

}  // namespace reslab::maria
