#include "app/platform/web/page_link.hpp"

#include <cctype>
#include <charconv>

#include "core/sim/plan.hpp"

namespace reslab::web {
namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string percent_decoded(std::string_view text) {
  std::string decoded;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      decoded += ' ';
    } else if (text[i] == '%' && i + 2 < text.size() && hex_digit(text[i + 1]) >= 0 &&
               hex_digit(text[i + 2]) >= 0) {
      decoded += static_cast<char>(hex_digit(text[i + 1]) * 16 + hex_digit(text[i + 2]));
      i += 2;
    } else {
      decoded += text[i];
    }
  }
  return decoded;
}

// Letters, digits and the few marks ids and file names use stay as they are; the rest is %XX.
std::string percent_encoded(std::string_view text) {
  static const char* digits = "0123456789ABCDEF";
  std::string encoded;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) || c == '-' || c == '_' || c == '.' || c == ',' || c == '=' || c == '~') {
      encoded += c;
    } else {
      encoded += '%';
      encoded += digits[byte >> 4];
      encoded += digits[byte & 15];
    }
  }
  return encoded;
}

std::optional<std::int64_t> number(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

PageLink parse_page_link(std::string_view query) {
  PageLink link;
  if (!query.empty() && query.front() == '?') query.remove_prefix(1);
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view part = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    const std::size_t eq = part.find('=');
    const std::string key = percent_decoded(part.substr(0, eq));
    const std::string value =
        eq == std::string_view::npos ? std::string() : percent_decoded(part.substr(eq + 1));
    if (key == "case") link.case_id = value;
    if (key == "file") link.file = value;
    if (key == "model" && (value == "naive" || value == "atomic")) link.model = value;
    if (key == "variant") link.variant = value;
    if (key == "preset") link.preset = value;
    if (key == "lang" && (value == "zh" || value == "en")) link.lang = value;
    if (key == "compare") link.compare = value != "0";
    if (key == "isolation") link.isolation = value != "0";
    if (key == "orders") link.orders = value != "0";
    if (key == "selftest") link.self_test = true;
    if (key == "bench") link.bench = true;
    if (key == "step")
      if (const auto step = number(value); step && *step >= 0 && *step < 100000)
        link.step = static_cast<int>(*step);
    if (key == "order") {
      try {
        link.order = value.empty() ? std::vector<std::string>{} : split_order(value);
      } catch (const std::exception&) {
      }
    }
    if (key == "at") {  // at=payment=9,expiry=30
      std::string_view items = value;
      while (!items.empty()) {
        const std::size_t comma = items.find(',');
        const std::string_view item = items.substr(0, comma);
        items = comma == std::string_view::npos ? std::string_view() : items.substr(comma + 1);
        const std::size_t sign = item.find('=');
        if (sign == std::string_view::npos) continue;
        if (const auto seconds = number(item.substr(sign + 1)))
          link.at[std::string(item.substr(0, sign))] = *seconds;
      }
    }
  }
  return link;
}

std::string page_link_query(const PageLink& link) {
  std::string query;
  const auto add = [&](std::string_view key, const std::string& value) {
    query += query.empty() ? "?" : "&";
    query += key;
    query += '=';
    query += percent_encoded(value);
  };
  if (!link.file.empty()) add("file", link.file);
  if (!link.case_id.empty() && link.file.empty()) add("case", link.case_id);
  if (!link.model.empty()) add("model", link.model);
  if (!link.variant.empty()) add("variant", link.variant);
  if (!link.preset.empty()) add("preset", link.preset);
  if (link.order) {
    std::string order;
    for (const auto& id : *link.order) order += (order.empty() ? "" : ",") + id;
    add("order", order);
  }
  if (!link.at.empty()) {
    std::string at;
    for (const auto& [event, seconds] : link.at)
      at += (at.empty() ? "" : ",") + event + "=" + std::to_string(seconds);
    add("at", at);
  }
  if (link.step) add("step", std::to_string(*link.step));
  if (!link.lang.empty()) add("lang", link.lang);
  if (link.compare) add("compare", "1");
  if (link.isolation) add("isolation", "1");
  if (link.orders) add("orders", "1");
  return query;
}

std::string served_file_path(const std::string& name) {
  // Only the file's own name: a link cannot reach outside the folder it was fetched into.
  const std::size_t slash = name.find_last_of('/');
  return "/served/" + (slash == std::string::npos ? name : name.substr(slash + 1));
}

}  // namespace reslab::web
