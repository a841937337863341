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
  ServerDir dir = make_server_dir(parent.path);
  CHECK(dir.owner.held());
  struct stat info {};
  REQUIRE(stat(dir.path.c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0700);
  CHECK(fs::path(dir.path).filename().string().rfind(kServerDirPrefix, 0) == 0);
  std::ifstream owner(dir.path + "/owner");
  long pid = 0;
  owner >> pid;
  CHECK(pid == getpid());
  // Nothing but the owner file: its temp name is gone.
  CHECK(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()) == 1);
}

TEST_CASE("the sweep removes a dir whose owner lock is free and keeps one whose lock is held") {
  ScratchParent parent;
  ServerDir stale = make_server_dir(parent.path);
  stale.owner.release();  // its owner has ended
  ServerDir live = make_server_dir(parent.path);
  // The lock decides, not the pid written in the file: a held lock naming a dead pid is kept...
  ServerDir held = make_server_dir(parent.path);
  OwnerLock dead_named = write_owner_file(held.path, dead_pid());
  // ...and a free lock naming a running process is swept.
  ServerDir freed = make_server_dir(parent.path);
  write_owner_file(freed.path, getpid());

  std::vector<std::string> removed = sweep_stale_server_dirs(parent.path);
  CHECK(removed.size() == 2);
  CHECK_FALSE(fs::exists(stale.path));
  CHECK_FALSE(fs::exists(freed.path));
  CHECK(fs::exists(live.path));
  CHECK(fs::exists(held.path));
}

TEST_CASE("the sweep leaves a dir alone while it has no owner file") {
  ScratchParent parent;
  // Just made by mkdtemp, and one whose owner file is still under its temp name.
  const std::string made = parent.path + "/" + kServerDirPrefix + "made";
  const std::string naming = parent.path + "/" + kServerDirPrefix + "naming";
  fs::create_directory(made);
  fs::create_directory(naming);
  std::ofstream(naming + "/owner.abc123") << getpid() << "\n";
  CHECK(sweep_stale_server_dirs(parent.path).empty());
  CHECK(fs::exists(made));
  CHECK(fs::exists(naming + "/owner.abc123"));
}

TEST_CASE("a sweep running beside a process that makes dirs never removes one being made") {
  ScratchParent parent;
  const pid_t maker = fork();
  if (maker == 0) {
    // Each dir must still be there, with its owner file, after it is made; then it is dropped.
    for (int i = 0; i < 300; ++i) {
      ServerDir dir = make_server_dir(parent.path);
      if (!fs::exists(dir.path + "/owner")) _exit(1);
      std::error_code error;
      fs::remove_all(dir.path, error);
    }
    _exit(0);
  }
  REQUIRE(maker > 0);
  int status = 0;
  while (waitpid(maker, &status, WNOHANG) == 0) sweep_stale_server_dirs(parent.path);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}

TEST_CASE("a process that exited is not running, and this one is") {
  CHECK_FALSE(process_running(dead_pid()));
  CHECK(process_running(getpid()));
}
