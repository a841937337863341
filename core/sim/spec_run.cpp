// [SECTION] index: the schedule's steps · one permutation · completing a step · every permutation
#include "core/sim/spec_run.hpp"

#include <algorithm>
#include <functional>

#include "core/sim/errors.hpp"
#include "core/sim/spec_file.hpp"
#include "core/sim/step_markers.hpp"

namespace reslab {
namespace spec_run_detail {

// [SECTION] the schedule's steps
// A step as a permutation runs it: its session and its markers.
struct ScheduledStep {
  const SqlStep* step = nullptr;
  std::size_t session = 0;
  StepMarkers markers;
};

// Ends the run where isolationtester exits: the failure is in the transcript already.
struct SpecRunEnds {};

constexpr int kNonblock = 1;  // report a lock wait instead of waiting through it
constexpr int kRetry = 2;     // the step was sent earlier and reported waiting

class SpecScheduler {
 public:
  SpecScheduler(const SqlScenario& scenario, SpecLab& lab, const SpecRunOptions& options, SpecTranscript& out)
      : m_scenario(scenario),
        m_lab(lab),
        m_max_wait(options.max_step_wait),
        m_out(out),
        m_active(scenario.sessions.size(), nullptr),
        m_notices(scenario.sessions.size(), 0) {
    m_lab.set_notice_sink([this](std::size_t session, const std::string& message) {
      SpecEvent event;
      event.kind = SpecEvent::Kind::notice;
      event.name = m_scenario.sessions[session].id;
      event.text = message;
      m_out.events.push_back(std::move(event));
      ++m_notices[session];
      m_new_notice = true;
    });
  }

  ~SpecScheduler() { m_lab.set_notice_sink(nullptr); }
  SpecScheduler(const SpecScheduler&) = delete;
  SpecScheduler& operator=(const SpecScheduler&) = delete;

  std::size_t session_index(const std::string& session) const {
    for (std::size_t i = 0; i < m_scenario.sessions.size(); ++i)
      if (m_scenario.sessions[i].id == session) return i;
    return 0;
  }

  ScheduledStep scheduled(const std::string& name, const std::vector<SqlBlocker>& blockers = {}) const {
    ScheduledStep out;
    out.step = m_scenario.find_step(name);
    if (!out.step) throw UsageError("no step named '" + name + "' in " + m_scenario.id);
    out.session = session_index(out.step->session);
    out.markers = StepMarkers(m_scenario, blockers);
    return out;
  }

  // [SECTION] one permutation
  void run_permutation(std::vector<ScheduledStep>& steps) {
    SpecEvent start;
    start.kind = SpecEvent::Kind::permutation;
    for (const auto& step : steps) start.steps.push_back(step.step->name);
    m_out.events.push_back(std::move(start));

    for (const auto& block : m_scenario.setup_blocks) setup(std::nullopt, block.text, "setup failed: ");
    for (std::size_t s = 0; s < m_scenario.sessions.size(); ++s)
      if (const auto& own = m_scenario.sessions[s].setup)
        setup(s, own->text, "setup of session " + m_scenario.sessions[s].id + " failed: ");

    std::vector<ScheduledStep*> waiting;
    for (auto& scheduled_step : steps) {
      const std::size_t session = scheduled_step.session;
      if (m_active[session]) wait_for_session(session, waiting);
      std::string why;
      if (!m_lab.send(session, scheduled_step.step->text, why)) {
        // isolationtester says this one on stdout.
        SpecEvent failed;
        failed.kind = SpecEvent::Kind::result;
        failed.result.status = SpecResult::Status::other;
        failed.result.message = "failed to send query for step " + scheduled_step.step->name + ": " + why;
        m_out.events.push_back(std::move(failed));
        end_run();
      }
      m_active[session] = &scheduled_step;
      scheduled_step.markers.sent(notices_of());
      const bool must_wait = try_complete_step(scheduled_step, kNonblock);
      try_complete_steps(waiting, kNonblock | kRetry);
      if (must_wait) waiting.push_back(&scheduled_step);
    }
    try_complete_steps(waiting, kRetry);
    if (!waiting.empty()) fail("failed to complete permutation due to mutually-blocking steps\n");

    for (std::size_t s = 0; s < m_scenario.sessions.size(); ++s)
      if (const auto& own = m_scenario.sessions[s].teardown)
        teardown(s, own->text, "teardown of session " + m_scenario.sessions[s].id + " failed: ");
    if (m_scenario.teardown) teardown(std::nullopt, m_scenario.teardown->text, "teardown failed: ");
  }

 private:
  void note(const SpecResult& result) {
    SpecEvent event;
    event.kind = SpecEvent::Kind::result;
    event.result = result;
    m_out.events.push_back(std::move(event));
  }

  [[noreturn]] void end_run() {
    m_out.exit_status = 1;
    throw SpecRunEnds{};
  }

  void say_on_stderr(const std::string& line) {
    SpecEvent event;
    event.kind = SpecEvent::Kind::failure;
    event.text = line;
    m_out.events.push_back(std::move(event));
  }

  [[noreturn]] void fail(const std::string& line) {
    say_on_stderr(line);
    end_run();
  }

  void setup(std::optional<std::size_t> session, const std::string& sql, const std::string& failure) {
    const SpecResult result = m_lab.exec(session, sql);
    if (result.status == SpecResult::Status::tuples)
      note(result);
    else if (result.status != SpecResult::Status::command)
      fail(failure + result.message);
  }

  void teardown(std::optional<std::size_t> session, const std::string& sql, const std::string& failure) {
    const SpecResult result = m_lab.exec(session, sql);
    if (result.status == SpecResult::Status::tuples)
      note(result);
    else if (result.status != SpecResult::Status::command)
      say_on_stderr(failure + result.message);  // the run goes on after a failed teardown
  }

  std::chrono::microseconds since(std::chrono::steady_clock::time_point start) const {
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start);
  }

  // The session still runs an earlier step: wait for it, looking at the other waiting steps meanwhile.
  void wait_for_session(std::size_t session, std::vector<ScheduledStep*>& waiting) {
    const auto start = std::chrono::steady_clock::now();
    while (m_active[session]) {
      ScheduledStep* old = m_active[session];
      if (!try_complete_step(*old, kRetry)) waiting.erase(std::find(waiting.begin(), waiting.end(), old));
      try_complete_steps(waiting, kNonblock | kRetry);
      const auto waited = since(start);
      if (m_active[session] && waited > 2 * m_max_wait) {
        std::string active = "active steps are:";
        for (const ScheduledStep* running : m_active)
          if (running) active += " " + running->step->name;
        say_on_stderr("step " + m_active[session]->step->name + " timed out after " +
                      std::to_string(std::chrono::duration_cast<std::chrono::seconds>(waited).count()) +
                      " seconds\n");
        fail(active + "\n");
      }
    }
  }

  // [SECTION] completing a step
  void try_complete_steps(std::vector<ScheduledStep*>& waiting, int flags) {
    bool marked = false;
    std::size_t before = 0;
    do {
      m_new_notice = false;
      before = waiting.size();
      marked = false;
      for (std::size_t w = 0; w < waiting.size();) {
        if (try_complete_step(*waiting[w], flags)) {
          marked = marked || !waiting[w]->markers.empty();
          ++w;
        } else {
          waiting.erase(waiting.begin() + static_cast<std::ptrdiff_t>(w));
        }
      }
    } while (marked && (waiting.size() < before || m_new_notice));
  }

  std::function<int(const std::string&)> notices_of() const {
    return [this](const std::string& session) { return m_notices[session_index(session)]; };
  }

  bool has_blocker(const ScheduledStep& scheduled_step) const {
    return scheduled_step.markers.hold(
        [this](const std::string& session) {
          const ScheduledStep* active = m_active[session_index(session)];
          return active ? active->step->name : std::string();
        },
        notices_of());
  }

  void say_step(const ScheduledStep& scheduled_step, bool waiting) {
    SpecEvent event;
    event.kind = SpecEvent::Kind::step;
    event.name = scheduled_step.step->name;
    event.text = scheduled_step.step->text;
    event.waiting = waiting;
    m_out.events.push_back(std::move(event));
  }

  // False when the step completed (and was reported), true when it did not: it waits for a lock
  // (kNonblock) or a marker holds its report back.
  bool try_complete_step(ScheduledStep& scheduled_step, int flags) {
    const std::size_t session = scheduled_step.session;
    if (!(flags & kRetry) && scheduled_step.markers.waits_at_once()) {
      say_step(scheduled_step, true);
      return true;
    }
    const auto start = std::chrono::steady_clock::now();
    bool canceled = false;
    while (m_lab.busy(session)) {
      if (m_lab.input_within(session, std::chrono::milliseconds(10))) {
        m_lab.consume(session);
        continue;
      }
      if ((flags & kNonblock) && m_lab.blocked(session)) {
        // The result may have come while the server was asked.
        m_lab.consume(session);
        if (!m_lab.busy(session)) break;
        if (!(flags & kRetry)) say_step(scheduled_step, true);
        return true;
      }
      const auto waited = since(start);
      if (waited > m_max_wait && !canceled) {
        if (m_lab.cancel(session)) {
          SpecEvent event;
          event.kind = SpecEvent::Kind::canceled;
          event.name = scheduled_step.step->name;
          event.seconds = static_cast<int>(std::chrono::duration_cast<std::chrono::seconds>(waited).count());
          m_out.events.push_back(std::move(event));
          canceled = true;
        } else {
          say_on_stderr("PQcancel failed\n");
        }
      }
      if (waited > 2 * m_max_wait)
        fail("step " + scheduled_step.step->name + " timed out after " +
             std::to_string(std::chrono::duration_cast<std::chrono::seconds>(waited).count()) + " seconds\n");
    }
    if (has_blocker(scheduled_step)) {
      if (!(flags & kRetry)) say_step(scheduled_step, true);
      return true;
    }
    if (flags & kRetry) {
      SpecEvent event;
      event.kind = SpecEvent::Kind::completed;
      event.name = scheduled_step.step->name;
      m_out.events.push_back(std::move(event));
    } else {
      say_step(scheduled_step, false);
    }
    while (const auto result = m_lab.next_result(session))
      if (result->status != SpecResult::Status::command && result->status != SpecResult::Status::empty)
        note(*result);
    for (const auto& notify : m_lab.notifies(session)) {
      SpecEvent event;
      event.kind = SpecEvent::Kind::notify;
      event.name = m_scenario.sessions[session].id;
      event.notify = notify;
      event.sender = "PID " + std::to_string(notify.sender_pid);
      for (std::size_t s = 0; s < m_scenario.sessions.size(); ++s)
        if (m_lab.backend_pid(s) == notify.sender_pid) event.sender = m_scenario.sessions[s].id;
      m_out.events.push_back(std::move(event));
    }
    m_active[session] = nullptr;
    return false;
  }

  const SqlScenario& m_scenario;
  SpecLab& m_lab;
  std::chrono::microseconds m_max_wait;
  SpecTranscript& m_out;
  std::vector<ScheduledStep*> m_active;  // per session: the step it runs, or null when idle
  std::vector<int> m_notices;            // per session: notices received so far
  bool m_new_notice = false;
};

}  // namespace spec_run_detail

// [SECTION] every permutation
using spec_run_detail::ScheduledStep;
using spec_run_detail::SpecScheduler;

SpecTranscript run_spec(const SqlScenario& scenario, SpecLab& lab, const SpecRunOptions& options) {
  SpecTranscript out;
  out.sessions = scenario.sessions.size();
  for (const auto& step : unused_steps(scenario)) out.warnings.push_back("unused step name: " + step + "\n");
  SpecScheduler scheduler(scenario, lab, options, out);
  const auto run_names = [&](const std::vector<std::string>& names, const SqlPermutation* permutation) {
    std::vector<ScheduledStep> steps;
    for (std::size_t i = 0; i < names.size(); ++i)
      steps.push_back(scheduler.scheduled(
          names[i], permutation ? permutation->blockers_at(i) : std::vector<SqlBlocker>{}));
    scheduler.run_permutation(steps);
  };
  try {
    if (options.permutation > 0) {
      const std::vector<std::string> names = sql_permutation(scenario, options.permutation);
      if (names.empty())
        throw UsageError("--permutation " + std::to_string(options.permutation) + ": " + scenario.id +
                         " has no such permutation");
      run_names(names,
                scenario.permutations.empty() ? nullptr : &scenario.permutations[options.permutation - 1]);
    } else if (!scenario.permutations.empty()) {
      for (const auto& permutation : scenario.permutations) run_names(permutation.steps, &permutation);
    } else {
      for_each_sql_interleaving(scenario, [&](const std::vector<std::string>& names) {
        run_names(names, nullptr);
        return true;
      });
    }
  } catch (const spec_run_detail::SpecRunEnds&) {
    // isolationtester exits here; the transcript ends with why.
  }
  return out;
}

}  // namespace reslab
