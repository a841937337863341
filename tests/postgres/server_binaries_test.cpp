#include "core/backends/postgres/server_binaries.hpp"

#include <doctest/doctest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using reslab::pg::find_server_bindir;

namespace {

struct FakeInstall {
  std::string root;
  FakeInstall() {
    std::string pattern = "/tmp/reslab-pg-bin-test.XXXXXX";
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    root = pattern;
  }
  ~FakeInstall() { fs::remove_all(root); }
  void program(const std::string& path, const std::string& body = "exit 0") {
    fs::create_directories(fs::path(root + "/" + path).parent_path());
    std::ofstream(root + "/" + path) << "#!/bin/sh\n" << body << "\n";
    chmod((root + "/" + path).c_str(), 0755);
  }
};

}  // namespace

TEST_CASE("without pg_config the newest version directory holding both server programs is used") {
  FakeInstall install;
  install.program("lib/13/bin/initdb");
  install.program("lib/13/bin/postgres");
  install.program("lib/14/bin/initdb");
  install.program("lib/14/bin/postgres");
  install.program("lib/16/bin/initdb");  // a client-only install: no postgres
  CHECK(find_server_bindir(install.root + "/no-pg_config", install.root + "/lib") ==
        install.root + "/lib/14/bin");
}

TEST_CASE("pg_config's bindir is used when it holds the server, and passed over when it does not") {
  FakeInstall install;
  install.program("server/initdb");
  install.program("server/postgres");
  install.program("client/psql");
  install.program("lib/15/bin/initdb");
  install.program("lib/15/bin/postgres");
  install.program("pg_config_server", "echo " + install.root + "/server");
  install.program("pg_config_client", "echo " + install.root + "/client");
  CHECK(find_server_bindir(install.root + "/pg_config_server", install.root + "/lib") ==
        install.root + "/server");
  CHECK(find_server_bindir(install.root + "/pg_config_client", install.root + "/lib") ==
        install.root + "/lib/15/bin");
}

TEST_CASE("no server programs anywhere means no bindir") {
  FakeInstall install;
  install.program("pg_config", "echo /usr/bin");
  install.program("lib/15/bin/psql");
  CHECK_FALSE(find_server_bindir(install.root + "/pg_config", install.root + "/lib").has_value());
  CHECK_FALSE(find_server_bindir(install.root + "/missing", install.root + "/missing-lib").has_value());
}
