#pragma once
// What the page's URL says to show (?case=h2&model=atomic&preset=article&step=3&lang=zh, and order,
// at, compare, isolation, orders, file, selftest, bench; an SQL scenario's variant:
// ?case=p4&variant=sqlite-immediate&step=3),
// read at start and written back as the user steps.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace reslab::web {

struct PageLink {
  std::string case_id;  // a bundled id ("h2"); empty: the one used last
  std::string file;     // ?file=NAME.toml: a scenario served beside the page
  std::string model;    // "naive" or "atomic"
  std::string variant;  // an SQL scenario's variant id ("sqlite-immediate"), in place of the model
  std::string preset;
  std::optional<std::vector<std::string>> order;  // event ids, when not the preset's
  std::map<std::string, std::int64_t> at;         // moved event times
  std::optional<int> step;
  std::string lang;  // "zh" or "en"
  bool compare = false;
  bool isolation = false;  // ?isolation=1: the Isolation window open, building SQLite's table
  bool orders = false;     // ?orders=1: the All orders window open, running every order
  bool self_test = false;
  bool bench = false;  // ?bench: time the engine's replays (bench/web)
};

// Reads a query string ("?case=h1&step=4", the "?" optional); unknown or malformed parts are ignored.
PageLink parse_page_link(std::string_view query);
// The query string for `link` ("?case=h1&model=naive&step=4"), the parameters in a fixed order.
std::string page_link_query(const PageLink& link);
// Where a file served beside the page is kept in the page's file system once fetched.
std::string served_file_path(const std::string& name);

}  // namespace reslab::web
