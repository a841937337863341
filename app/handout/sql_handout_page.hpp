#pragma once
// An SQL scenario as one self-contained page for after class: its SQL (the setup and each session's steps),
// its variants, the first permutation stepped under each variant as slides with why each step did what it
// did, what the file expects and the verdict, and every interleaving counted by what it gave; and the
// isolation lab's table as a page whose cells link to the tests' pages.
#include <cstdint>
#include <string>
#include <vector>

#include "app/text/ui_text.hpp"
#include "core/formats/sql_trace.hpp"
#include "core/sim/isolation_lab.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/sql_scenario.hpp"
#include "core/sim/trace.hpp"

namespace reslab {

// One variant's run of the slides' permutation.
struct SqlHandoutRun {
  const SqlVariant* variant = nullptr;
  Trace trace;
  std::vector<std::vector<std::uint8_t>> slides;  // a PNG per step
};

struct SqlHandout {
  const SqlScenario* scenario = nullptr;
  const Scenario* view = nullptr;  // the scenario as the app steps it (sql_case_view)
  std::string command;             // how to open it in the app: "reslab p4"
  std::string permutation;         // the permutation the slides run (its name)
  std::vector<SqlHandoutRun> runs;
  std::vector<SqlExploredVariant> interleavings;  // the first interleavings under each variant, counted
  int slide_width = 0, slide_height = 0;
  bool indexed = false;  // an index page (and the isolation page) sit beside it: link back to them
};

std::string sql_handout_page_html(const SqlHandout& handout, const UiText& text, Lang lang);

// The file the isolation table's page is written to.
inline constexpr const char* kIsolationHandoutFile = "isolation.html";
// The table of `reslab isolation` as a page: each cell says prevented or anomaly with how, and links to its
// test's page at that variant (`<test id>.html#variant-<id>`); each variant's explanation follows.
std::string isolation_handout_html(const IsolationTable& table, const UiText& text, Lang lang);

}  // namespace reslab
