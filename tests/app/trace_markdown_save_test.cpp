// The app's "save trace (.md)": the same handout-ready Markdown as `reslab trace`, in the app's language.
#include <doctest/doctest.h>

#include <string>

#include "core/sim/message.hpp"
#include "gui_driver.hpp"
#include "tests/app/app_test_support.hpp"
#include "tests/app/handout_test_support.hpp"

namespace reslab {
namespace {

TEST_CASE("the trace saved from the app explains every step in Chinese and ends with the questions") {
  test::ScratchDir dir;
  Settings settings;
  settings.lang = "zh";
  settings.screenshot_dir = dir.path();
  testing::GuiDriver gui("h1", settings);
  for (int i = 0; i < 4; ++i) REQUIRE(gui.click("下一步 ▶"));
  REQUIRE(gui.click("更多"));
  gui.frame();
  REQUIRE(gui.click("保存轨迹 (.md)"));
  const std::string markdown = test::read_file(dir.file("h1-atomic-zh.md"));
  CHECK(markdown.find("### 逐步说明：为什么") != std::string::npos);
  for (const Step& step : gui.session().trace().steps)
    CHECK(markdown.find(render(step.explanation, Lang::zh)) != std::string::npos);
  CHECK(markdown.find("### 两种模型") != std::string::npos);
  const Scenario& scenario = gui.session().scenario();
  REQUIRE_FALSE(scenario.questions.empty());
  for (const auto& question : scenario.questions) CHECK(markdown.find(question.zh) != std::string::npos);
}

}  // namespace
}  // namespace reslab
