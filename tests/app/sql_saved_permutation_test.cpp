// An order of an SQL scenario stepped by hand is kept as a permutation of the user's own copy of the file,
// named from its title in TOML, numbered in a .spec, and opened at once with the variant that was shown.
#include <doctest/doctest.h>

#include <filesystem>

#include "core/sim/spec_file.hpp"
#include "core/sim/sql_scenario.hpp"
#include "core/sim/sql_scenario_loader.hpp"
#include "gui_driver.hpp"
#include "tests/app/app_test_support.hpp"
#include "tests/app/handout_test_support.hpp"
#include "tests/scoped_env.hpp"
#include "tests/scratch_dir.hpp"

namespace reslab {
namespace {

using test::english_settings;
using testing::GuiDriver;

// XDG_DATA_HOME in a scratch folder for the test's life: the user's copies go there.
class ScratchDataHome {
 public:
  std::string copy_of(const std::string& name) const { return m_dir.path() + "/reslab/scenarios/" + name; }

 private:
  test::ScratchDir m_dir;
  test::ScopedEnv m_env{"XDG_DATA_HOME", m_dir.path()};
};

bool listed_as_users(GuiDriver& gui, const std::string& file) {
  for (const auto& entry : gui.app().catalog())
    if (entry.users && entry.file == file) return !entry.isolation;
  return false;
}

TEST_CASE(
    "an interleaving of an SQL scenario is saved as a named permutation of the user's copy, and opened") {
  const ScratchDataHome home;
  GuiDriver gui("h1", english_settings());
  test::bundled_case("h1");
  gui.app().apply(OpenScenario{"p4"});
  gui.settle();
  REQUIRE(gui.session().is_sql());
  gui.app().apply(SetVariant{"sqlite-wal-deferred"});
  gui.app().apply(UseInterleaving{3});
  gui.settle();
  const std::vector<std::string> order = gui.session().wanted_order();
  REQUIRE(order == sql_interleaving(*gui.session().sql_scenario(), 3));

  REQUIRE(gui.click("Save as preset…"));
  gui.settle();
  CHECK(test::shows("Saved as a permutation of the steps shown now in your own copy of this scenario file"));
  for (const char c : std::string("T2 reads late")) gui.type_character(static_cast<unsigned char>(c));
  gui.settle();
  REQUIRE(gui.click("Save"));
  gui.settle();

  const std::string copy = home.copy_of("p4_lost_update.toml");
  REQUIRE(std::filesystem::exists(copy));
  CHECK(gui.session().scenario().file == copy);
  CHECK(gui.session().preset() == "t2-reads-late");
  CHECK(gui.session().follows_preset());
  CHECK(gui.session().wanted_order() == order);
  REQUIRE(gui.session().variant());
  CHECK(gui.session().variant()->id == "sqlite-wal-deferred");
  CHECK(listed_as_users(gui, copy));
  const SqlScenario saved = load_sql_scenario_file(copy);
  REQUIRE(saved.permutations.size() == 2);  // the file's hermitage, and this one
  CHECK(saved.permutations[1].title.en == "T2 reads late");
  CHECK(saved.permutations[1].steps == order);
}

TEST_CASE("a .spec's order is saved as a numbered permutation line, its title in the comment above it") {
  const ScratchDataHome home;
  GuiDriver gui("h1", english_settings());
  gui.app().apply(OpenScenario{std::string(RESLAB_TEST_DATA_DIR) + "/spec/row_lock_wait.spec"});
  gui.settle();
  REQUIRE(gui.session().is_sql());
  const std::size_t before = gui.session().sql_scenario()->permutations.size();
  gui.app().apply(UseInterleaving{2});
  gui.settle();
  const std::vector<std::string> order = gui.session().wanted_order();
  gui.app().apply(SavePreset{"the second interleaving"});
  gui.settle();

  const std::string copy = home.copy_of("row_lock_wait.spec");
  REQUIRE(std::filesystem::exists(copy));
  CHECK(gui.session().scenario().file == copy);
  CHECK(gui.session().preset() == std::to_string(before + 1));
  CHECK(gui.session().wanted_order() == order);
  CHECK(listed_as_users(gui, copy));
  const std::string text = test::read_file(copy);
  std::string line = "permutation";
  for (const auto& step : order) line += " " + step;
  CHECK(text.find("# Saved in the app: the second interleaving\n" + line + "\n") != std::string::npos);
  CHECK(load_sql_scenario_file(copy).permutations.back().steps == order);
}

}  // namespace
}  // namespace reslab
