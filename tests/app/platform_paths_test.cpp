#include "app/platform/platform_paths.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "tests/app/app_test_support.hpp"

using namespace reslab;
namespace fs = std::filesystem;

namespace {

using reslab::test::ScratchDir;

// Sets (or, with nullopt, unsets) an environment variable and puts the old value back at scope end.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, std::optional<std::string> value) : m_name(name) {
    if (const char* old = std::getenv(name)) m_old = old;
    if (value) {
      setenv(name, value->c_str(), 1);
    } else {
      unsetenv(name);
    }
  }
  ~ScopedEnv() {
    if (m_old) {
      setenv(m_name, m_old->c_str(), 1);
    } else {
      unsetenv(m_name);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* m_name;
  std::optional<std::string> m_old;
};

void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("the config folder follows XDG_CONFIG_HOME") {
  ScopedEnv config_home("XDG_CONFIG_HOME", "/tmp/reslab-xdg-config");
  CHECK(config_dir() == "/tmp/reslab-xdg-config/reslab");
}

TEST_CASE("without XDG_CONFIG_HOME the config folder is .config in the home folder") {
  ScopedEnv config_home("XDG_CONFIG_HOME", std::nullopt);
  ScopedEnv home("HOME", "/home/tester");
  CHECK(config_dir() == "/home/tester/.config/reslab");
}

TEST_CASE("a relative XDG_CONFIG_HOME is ignored as the XDG spec asks") {
  ScopedEnv config_home("XDG_CONFIG_HOME", "relative/config");
  ScopedEnv home("HOME", "/home/tester");
  CHECK(config_dir() == "/home/tester/.config/reslab");
}

TEST_CASE("the pictures folder comes from user-dirs.dirs with $HOME expanded") {
  ScratchDir dir;
  write_file(dir.file("user-dirs.dirs"),
             "# This file is written by xdg-user-dirs-update\n"
             "XDG_DESKTOP_DIR=\"$HOME/Desktop\"\n"
             "XDG_PICTURES_DIR=\"$HOME/Bilder\"\n");
  ScopedEnv config_home("XDG_CONFIG_HOME", dir.path());
  ScopedEnv home("HOME", "/home/tester");
  CHECK(default_pictures_dir() == "/home/tester/Bilder/reslab");
}

TEST_CASE("an absolute pictures folder in user-dirs.dirs is used as written") {
  ScratchDir dir;
  write_file(dir.file("user-dirs.dirs"), "  XDG_PICTURES_DIR=\"/srv/photos/图片\"\n");
  ScopedEnv config_home("XDG_CONFIG_HOME", dir.path());
  ScopedEnv home("HOME", "/home/tester");
  CHECK(default_pictures_dir() == "/srv/photos/图片/reslab");
}

TEST_CASE("without user-dirs.dirs the pictures folder is Pictures in the home folder") {
  ScratchDir dir;
  ScopedEnv config_home("XDG_CONFIG_HOME", dir.path());
  ScopedEnv home("HOME", "/home/tester");
  CHECK(default_pictures_dir() == "/home/tester/Pictures/reslab");
}

TEST_CASE("a pictures folder disabled by pointing it at home falls back to Pictures") {
  ScratchDir dir;
  write_file(dir.file("user-dirs.dirs"), "XDG_PICTURES_DIR=\"$HOME/\"\n");
  ScopedEnv config_home("XDG_CONFIG_HOME", dir.path());
  ScopedEnv home("HOME", "/home/tester");
  CHECK(default_pictures_dir() == "/home/tester/Pictures/reslab");
}

TEST_CASE("RESLAB_ASSET_DIR is the first asset folder searched") {
  ScopedEnv asset_dir("RESLAB_ASSET_DIR", "/opt/reslab-assets");
  const auto dirs = asset_dirs();
  REQUIRE(!dirs.empty());
  CHECK(dirs.front() == "/opt/reslab-assets");
  CHECK(dirs.back() == std::string(RESLAB_ASSET_DIR));
}

TEST_CASE("an asset is found in the first folder that has it") {
  ScratchDir dir;
  fs::create_directories(dir.file("strings"));
  write_file(dir.file("strings/en.toml"), "app.title = \"override\"\n");
  {
    ScopedEnv asset_dir("RESLAB_ASSET_DIR", dir.path());
    CHECK(find_asset("strings/en.toml") == dir.file("strings/en.toml"));
  }
  // Without the variable another folder answers: an installed copy if there is one, else the source tree.
  ScopedEnv no_asset_dir("RESLAB_ASSET_DIR", std::nullopt);
  const std::string found = find_asset("strings/en.toml");
  CHECK(found != dir.file("strings/en.toml"));
  CHECK(fs::is_regular_file(found));
}

TEST_CASE("an asset no folder has is not found") {
  CHECK(find_asset("strings/klingon.toml") == "");
}

TEST_CASE("ensure_dir creates nested folders") {
  ScratchDir dir;
  const std::string nested = dir.file("a/b/c");
  CHECK(ensure_dir(nested) == "");
  CHECK(fs::is_directory(nested));
}

TEST_CASE("ensure_dir on a folder that exists succeeds") {
  ScratchDir dir;
  CHECK(ensure_dir(dir.path()) == "");
}

TEST_CASE("ensure_dir under a regular file returns a message naming the folder and the reason") {
  ScratchDir dir;
  write_file(dir.file("plain"), "not a folder");
  const std::string wanted = dir.file("plain/screenshots");
  const std::string problem = ensure_dir(wanted);
  CHECK(problem.find(wanted) != std::string::npos);
  CHECK(problem.find("Not a directory") != std::string::npos);
}

TEST_CASE("ensure_dir where a regular file already stands returns a message") {
  ScratchDir dir;
  write_file(dir.file("plain"), "not a folder");
  CHECK(ensure_dir(dir.file("plain")) != "");
}
