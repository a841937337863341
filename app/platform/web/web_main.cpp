// The page's entry point: the self-test when the URL asks for it (?selftest).
#include <emscripten.h>

#include <exception>
#include <string>

#include "app/platform/web/page_link.hpp"
#include "app/platform/web/self_test.hpp"
#include "core/sim/scenario_library.hpp"

namespace reslab::web {
namespace {

EM_JS(void, report_self_test, (const char* lines), { reslabSelfTestDone(UTF8ToString(lines)); });

int run_self_test(const PageLink& link) {
  std::string text;
  try {
    const auto files =
        link.file.empty() ? bundled_scenario_files() : std::vector<std::string>{served_file_path(link.file)};
    for (const auto& line : self_test_lines(files)) text += line + "\n";
  } catch (const std::exception& e) {
    text += std::string("error ") + e.what() + "\n";
  }
  report_self_test(text.c_str());
  return 0;
}

}  // namespace
}  // namespace reslab::web

int main(int argc, char** argv) {
  const reslab::web::PageLink link = reslab::web::parse_page_link(argc > 1 ? argv[1] : "");
  if (link.self_test) return reslab::web::run_self_test(link);
  return 0;
}
