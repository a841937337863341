#include "core/backends/postgres/server_dirs.hpp"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using namespace reslab::pg;

namespace {

// A pid that belonged to a process that has exited and been reaped.
pid_t dead_pid() {
  pid_t child = fork();
  if (child == 0) _exit(0);
  waitpid(child, nullptr, 0);
  return child;
}

struct ScratchParent {
  std::string path;
  ScratchParent() {
    std::string pattern = "/tmp/reslab-pg-test.XXXXXX";
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    path = pattern;
  }
  ~ScratchParent() { fs::remove_all(path); }
};

}  // namespace

TEST_CASE("a server dir is private to its owner and names the process that made it") {
  ScratchParent parent;
  std::string dir = make_server_dir(parent.path);
  struct stat info {};
  REQUIRE(stat(dir.c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0700);
  CHECK(fs::path(dir).filename().string().rfind(kServerDirPrefix, 0) == 0);
  std::ifstream owner(dir + "/owner");
  long pid = 0;
  owner >> pid;
  CHECK(pid == getpid());
}

TEST_CASE("the sweep removes a dir whose owner is gone and keeps one whose owner runs") {
  ScratchParent parent;
  std::string stale = make_server_dir(parent.path);
  write_owner_file(stale, dead_pid());
  std::string live = make_server_dir(parent.path);
  std::string reused = make_server_dir(parent.path);
  {
    // A running pid with another start time: the owner's pid was reused by some other process.
    std::ofstream owner(reused + "/owner");
    owner << getppid() << " 1\n";
  }
  std::string not_ours = parent.path + "/" + kServerDirPrefix + "noowner";
  fs::create_directory(not_ours);

  std::vector<std::string> removed = sweep_stale_server_dirs(parent.path);
  CHECK(removed.size() == 2);
  CHECK_FALSE(fs::exists(stale));
  CHECK_FALSE(fs::exists(reused));
  CHECK(fs::exists(live));
  CHECK(fs::exists(not_ours));
}

TEST_CASE("a process that exited is not running, and this one is") {
  CHECK_FALSE(process_running(dead_pid()));
  CHECK(process_running(getpid()));
}
