#include "core/backends/server_process/child_keeper.hpp"

#include <fcntl.h>
#include <linux/close_range.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace reslab {

namespace {

struct Job {
  const ChildSpec* spec = nullptr;
  pid_t pid = -1;
  int error = 0;  // errno of the failed step; 0 when the child runs
  std::string failed_step;
  bool done = false;
};

// Everything here runs in the forked child of a multi-threaded process: only async-signal-safe
// calls (raw syscalls, dup2, close, chdir, sigaction, prctl, execve, write, _exit) until execve.
[[noreturn]] void run_child(const ChildSpec& spec, char* const* argv, int devnull, int report_fd,
                            pid_t parent) {
  auto fail = [report_fd](int step) {
    int report[2] = {step, errno};
    (void)!write(report_fd, report, sizeof report);
    _exit(127);
  };
  if (spec.change_user) {
    // Raw syscalls: glibc's wrappers would try to reach the parent's other threads.
    gid_t groups[1] = {spec.gid};
    if (syscall(SYS_setgroups, 1, groups) != 0) fail(1);
    if (syscall(SYS_setresgid, spec.gid, spec.gid, spec.gid) != 0) fail(1);
    if (syscall(SYS_setresuid, spec.uid, spec.uid, spec.uid) != 0) fail(1);
  }
  // After the uid change, which clears it; then make sure the parent did not die in between.
  if (spec.death_signal && prctl(PR_SET_PDEATHSIG, spec.death_signal) != 0) fail(2);
  if (getppid() != parent) _exit(1);
  setpgid(0, 0);
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  for (int signal_number : {SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGCHLD, SIGHUP, SIGUSR1, SIGUSR2})
    sigaction(signal_number, &default_action, nullptr);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  if (dup2(devnull, 0) < 0 || dup2(spec.output_fd, 1) < 0 || dup2(spec.output_fd, 2) < 0) fail(3);
  // Nothing else reslab has open reaches the server (the report pipe closes at exec as well).
  if (syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) != 0)
    for (int fd = 3; fd < 4096; ++fd) fcntl(fd, F_SETFD, FD_CLOEXEC);
  if (chdir(spec.workdir.c_str()) != 0) fail(4);
  execve(argv[0], argv, environ);
  fail(5);
  _exit(127);  // fail() has exited already; this tells the compiler
}

const char* step_name(int step) {
  switch (step) {
    case 1:
      return "changing to the server's user";
    case 2:
      return "setting the parent-death signal";
    case 3:
      return "redirecting output";
    case 4:
      return "entering the working directory";
    default:
      return "starting";
  }
}

void start_job(Job& job, pid_t self) {
  const ChildSpec& spec = *job.spec;
  std::vector<char*> argv;
  for (const std::string& argument : spec.argv) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  int devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
  int report[2];
  if (devnull < 0 || pipe2(report, O_CLOEXEC) != 0) {
    job.error = errno;
    job.failed_step = "opening pipes";
    if (devnull >= 0) close(devnull);
    return;
  }
  pid_t pid = fork();
  if (pid == 0) run_child(spec, argv.data(), devnull, report[1], self);
  int fork_error = errno;
  close(devnull);
  close(report[1]);
  if (pid < 0) {
    close(report[0]);
    job.error = fork_error;
    job.failed_step = "fork";
    return;
  }
  // The report pipe closes on a successful exec; a failed step writes {step, errno} first.
  int failure[2] = {0, 0};
  ssize_t got;
  do got = read(report[0], failure, sizeof failure);
  while (got < 0 && errno == EINTR);
  close(report[0]);
  job.pid = pid;
  if (got == static_cast<ssize_t>(sizeof failure)) {
    job.error = failure[1];
    job.failed_step = step_name(failure[0]);
  }
}

class Keeper {
 public:
  Keeper() {
    std::thread([this] { loop(); }).detach();
  }

  pid_t spawn(const ChildSpec& spec) {
    Job job;
    job.spec = &spec;
    std::unique_lock lock(m_mutex);
    m_jobs.push_back(&job);
    m_wake.notify_all();
    m_wake.wait(lock, [&] { return job.done; });
    if (job.error) {
      if (job.pid > 0) waitpid(job.pid, nullptr, 0);
      throw std::runtime_error(job.failed_step + " " + spec.argv.front() + ": " + std::strerror(job.error));
    }
    return job.pid;
  }

 private:
  void loop() {
    // Process signals go to the other threads; a child unblocks them before exec.
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, nullptr);
    pid_t self = getpid();
    std::unique_lock lock(m_mutex);
    for (;;) {
      m_wake.wait(lock, [this] { return !m_jobs.empty(); });
      Job* job = m_jobs.front();
      m_jobs.pop_front();
      start_job(*job, self);
      job->done = true;
      m_wake.notify_all();
    }
  }

  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::deque<Job*> m_jobs;
};

}  // namespace

pid_t spawn_child(const ChildSpec& spec) {
  // Never destroyed: the thread must outlive every static destructor of the process.
  static Keeper* keeper = new Keeper;
  return keeper->spawn(spec);
}

}  // namespace reslab
