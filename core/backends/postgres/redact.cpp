// redact(): passwords out of connection strings, URIs and libpq's messages, before anything prints.
#include "core/backends/postgres/redact.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace reslab::pg {

namespace {

constexpr std::string_view kMask = "***";

bool starts_with_nocase(std::string_view text, std::size_t at, std::string_view word) {
  if (text.size() - at < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(text[at + i])) != word[i]) return false;
  return true;
}

bool is_space(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}

// A URI runs to the next space or quote. Masks "user:secret@" and a "password=" query parameter;
// returns the masked URI.
std::string masked_uri(std::string_view uri, std::size_t scheme_length) {
  std::string out(uri.substr(0, scheme_length));
  std::size_t query = uri.find('?', scheme_length);
  std::string_view authority_and_path =
      uri.substr(scheme_length, query == std::string_view::npos ? query : query - scheme_length);
  std::size_t at = authority_and_path.rfind('@');
  std::size_t colon = authority_and_path.find(':');
  if (at != std::string_view::npos && colon < at) {
    out += authority_and_path.substr(0, colon + 1);
    out += kMask;
    out += authority_and_path.substr(at);
  } else {
    out += authority_and_path;
  }
  if (query == std::string_view::npos) return out;
  std::string_view parameters = uri.substr(query);  // "?a=b&password=c"
  std::size_t start = 0;
  while (start < parameters.size()) {
    std::size_t end = parameters.find('&', start + 1);
    if (end == std::string_view::npos) end = parameters.size();
    std::string_view parameter = parameters.substr(start, end - start);  // "?a=b" or "&password=c"
    std::size_t equals = parameter.find('=');
    std::string_view key = parameter.substr(1, equals == std::string_view::npos ? 0 : equals - 1);
    bool secret = false;
    for (std::size_t i = 0; i + 8 <= key.size(); ++i)
      secret = secret || starts_with_nocase(key, i, "password");
    if (secret) {
      out += parameter.substr(0, equals + 1);
      out += kMask;
    } else {
      out += parameter;
    }
    start = end;
  }
  return out;
}

}  // namespace

std::string redact(std::string text) {
  std::string out;
  std::string_view view = text;
  std::size_t i = 0;
  while (i < view.size()) {
    std::size_t scheme = starts_with_nocase(view, i, "postgresql://") ? 13
                         : starts_with_nocase(view, i, "postgres://") ? 11
                                                                      : 0;
    if (scheme) {
      std::size_t end = i;
      while (end < view.size() && !is_space(view[end]) && view[end] != '"' && view[end] != '\'') ++end;
      out += masked_uri(view.substr(i, end - i), scheme);
      i = end;
      continue;
    }
    // "password = value", "sslpassword='it\'s'", "PGPASSWORD=value": the value becomes ***.
    if (starts_with_nocase(view, i, "password")) {
      std::size_t j = i + 8;
      while (j < view.size() && is_space(view[j])) ++j;
      if (j < view.size() && view[j] == '=') {
        ++j;
        while (j < view.size() && is_space(view[j])) ++j;
        std::size_t end = j;
        if (end < view.size() && view[end] == '\'') {
          for (++end; end < view.size() && view[end] != '\''; ++end)
            if (view[end] == '\\') ++end;
          end = std::min(end + 1, view.size());
        } else {
          while (end < view.size() && !is_space(view[end])) ++end;
        }
        out += view.substr(i, j - i);
        out += kMask;
        i = end;
        continue;
      }
    }
    out += view[i++];
  }
  return out;
}

}  // namespace reslab::pg
