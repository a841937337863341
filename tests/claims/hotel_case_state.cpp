// What the hotel cases' claim rules read off a step: counters, holds, refund tasks, the provider's ledger.
#include <algorithm>

#include "tests/claims/hotel_cases.hpp"

namespace reslab::claims::hotel_cases {

std::int64_t number(const std::string& text) {
  if (text.empty() || text == "-") return -1;
  return std::stoll(text);
}

std::string available_of(const CommittedState& state, const std::string& night) {
  return cell(state, "room_inventory", night, "available");
}

bool has_night(const CommittedState& state, const std::string& night) {
  return !records_where(state, "room_inventory", "room_night_id", night).empty();
}

std::string hold_state(const CommittedState& state, const std::string& hold) {
  return cell(state, "holds", hold, "state");
}

bool live(const std::string& state) {
  return state == "RESERVED" || state == "HELD" || state == "CONFIRMED";
}

// "#1, #2" for the holds of a list of records, in table order.
std::string hold_list(const std::vector<Record>& holds) {
  std::string listed;
  for (const auto& hold : holds) listed += (listed.empty() ? "#" : ", #") + hold.at("id");
  return listed;
}

std::vector<std::string> split(const std::string& text, const std::string& separator) {
  std::vector<std::string> items;
  if (text.empty() || text == "-") return items;
  std::size_t start = 0;
  for (;;) {
    const auto end = text.find(separator, start);
    items.push_back(text.substr(start, end - start));
    if (end == std::string::npos) return items;
    start = end + separator.size();
  }
}

std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (const auto& item : items) text += (text.empty() ? "" : ", ") + item;
  return text.empty() ? "-" : text;
}

// A listed "a, b" in sorted order, for lists whose order the database chooses.
std::string sorted(const std::string& listed) {
  auto items = split(listed, ", ");
  std::sort(items.begin(), items.end());
  return joined(items);
}

std::vector<std::string> nights_of_hold(const CommittedState& state, const std::string& hold) {
  std::vector<std::string> nights;
  for (const auto& link : records_where(state, "hold_nights", "hold_id", hold))
    nights.push_back(link.at("room_night_id"));
  std::sort(nights.begin(), nights.end());
  return nights;
}

int releases_of(const CommittedState& state, const std::string& hold) {
  int count = 0;
  for (const auto& entry : records_where(state, "inventory_log", "hold_id", hold))
    count += entry.at("reason") == "release";
  return count;
}

// The refund task of a payment (its key is derived from the payment), or an empty record.
Record refund_task(const CommittedState& state, const std::string& payment) {
  const auto tasks = records_where(state, "refund_tasks", "op_key", "refund:" + payment);
  return tasks.empty() ? Record{} : tasks.front();
}

bool task_appeared(const StepView& view, const std::string& payment) {
  return refund_task(view.before, payment).empty() && !refund_task(view.after, payment).empty();
}

// Tasks that were PENDING before the step and are in `state` after it.
std::vector<Record> tasks_now(const StepView& view, const std::string& state) {
  std::vector<Record> moved;
  for (const auto& task : records_where(view.before, "refund_tasks", "state", "PENDING"))
    if (cell(view.after, "refund_tasks", task.at("id"), "state") == state) moved.push_back(task);
  return moved;
}

std::string payment_of_task(const CommittedState& state, const std::string& task) {
  return cell(state, "payments", cell(state, "refund_tasks", task, "payment_id"), "provider_payment_id");
}

bool ledger_has(const CommittedState& state, const std::string& key) {
  return !records_where(state, "provider_ledger", "op_key", key).empty();
}

bool charged(const CommittedState& state, const std::string& payment) {
  for (const auto& entry : records_where(state, "provider_ledger", "payment_id", payment))
    if (entry.at("kind") == "charge" && entry.at("state") == "SUCCEEDED") return true;
  return false;
}

// Holds past their deadline at `now`, in table order.
std::vector<Record> due_holds(const CommittedState& state, std::int64_t now) {
  std::vector<Record> due;
  for (const auto& hold : records(state, "holds"))
    if (number(hold.at("deadline")) >= 0 && number(hold.at("deadline")) <= now) due.push_back(hold);
  return due;
}

const Trace* g_trace = nullptr;

const std::vector<ActorStatus>& statuses_before(const StepView& view) {
  return view.step.index > 1 ? g_trace->steps[static_cast<std::size_t>(view.step.index) - 2].actors
                             : g_trace->initial_actors;
}

std::vector<std::string> checked(const Scenario& scenario, const Trace& trace, const ClaimRules& rules,
                                 std::set<std::string>* seen) {
  g_trace = &trace;
  auto problems = check_steps(scenario, trace, rules, seen);
  g_trace = nullptr;
  return problems;
}

// Whether the explanation that holds `message` (the step's or a wake-up's) says one of `keys` after it.
bool said_after(const StepView& view, const Message& message, std::initializer_list<const char*> keys) {
  auto search = [&](const std::vector<Message>& said) {
    bool past = false;
    for (const auto& other : said) {
      if (past)
        for (const char* key : keys)
          if (other.key == key) return true;
      past = past || &other == &message;
    }
    return false;
  };
  if (search(view.step.explanation)) return true;
  for (const auto& wake : view.step.wakes)
    if (search(wake.explanation)) return true;
  return false;
}

std::string all_of(std::initializer_list<std::string> problems) {
  for (const auto& problem : problems)
    if (!problem.empty()) return problem;
  return {};
}

// A committed decrement of `night` leaving the message's `available`: one lower than before the step and
// what the step leaves, or, said by a wake-up after another commit, between the two.
std::string took_one(const StepView& v, const Message& m, const std::string& night) {
  const std::int64_t left = number(arg(m, "available"));
  const std::int64_t before = number(available_of(v.before, night));
  const std::int64_t after = number(available_of(v.after, night));
  if (wake_of(v, m))
    return after <= left && left < before ? "" : "the night never held " + arg(m, "available");
  return all_of({expect("available", arg(m, "available"), std::to_string(after)),
                 expect("available before", std::to_string(left + 1), std::to_string(before))});
}

}  // namespace reslab::claims::hotel_cases
