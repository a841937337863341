// The claim rules of H4 (create_booking) and H3 (reserve_night, book_nights).
#include "tests/claims/hotel_cases.hpp"

namespace reslab::claims::hotel_cases {

// H4: one night, create_booking in both models.
void add_request_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  // The key's holds before this step, which the naive code never looks at.
  auto key_holds = [](const CommittedState& state, const Message& m) {
    return records_where(state, "holds", "request_key", arg(m, "key"));
  };
  c["h4.create.rejected"] = [](const StepView& v, const Message& m) -> std::string {
    return expect("available when the update changed 0 rows", "0", available_of(v.after, arg(m, "night")));
  };
  c["h4.create.rejected.summary"] = [](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* status = status_of(v.step, arg(m, "actor"));
    return status && status->resolved == "rejected" ? "" : "the request is not rejected";
  };
  c["h4.create.atomic.rejected"] = [key_holds](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("available", "0", available_of(v.after, arg(m, "night"))),
                   key_holds(v.after, m).empty() ? "" : "the claimed key is still there"});
  };
  // A new hold under the key, the night one lower, and what the key held before.
  const ClaimCheck booked = [key_holds](const StepView& v, const Message& m) -> std::string {
    const auto before = key_holds(v.before, m);
    const bool again = m.key.find(".again") != std::string::npos;
    if (again != !before.empty())
      return std::string("says 'again' ") + (again ? "with no" : "without saying so of an") +
             " earlier hold under the key";
    std::int64_t live_after = 0;
    for (const auto& hold : key_holds(v.after, m)) live_after += live(hold.at("state"));
    return all_of({expect("hold", "RESERVED", hold_state(v.after, arg(m, "hold"))),
                   took_one(v, m, arg(m, "night")),
                   again ? expect("earlier holds", arg(m, "earlier"), hold_list(before)) : "",
                   m.key == "h4.create.naive.again"
                       ? expect("live holds of the key", arg(m, "live"), std::to_string(live_after))
                       : ""});
  };
  for (const char* key : {"h4.create.naive", "h4.create.naive.summary", "h4.create.naive.again",
                          "h4.create.naive.again.summary", "h4.create.atomic", "h4.create.atomic.summary"})
    c[key] = booked;
  // The answer is the hold the key already had, and nothing is decremented.
  const ClaimCheck answered = [key_holds](const StepView& v, const Message& m) -> std::string {
    const auto before = key_holds(v.before, m);
    if (before.size() != 1) return std::string("the key has ") + std::to_string(before.size()) + " holds";
    return all_of(
        {expect("hold", arg(m, "hold"), before.front().at("id")),
         arg(m, "state").empty() ? "" : expect("state", arg(m, "state"), before.front().at("state")),
         expect("available", available_of(v.before, arg(m, "night")),
                available_of(v.after, arg(m, "night")))});
  };
  c["h4.create.atomic.again"] = answered;
  c["h4.create.atomic.again.summary"] = answered;
  c["h4.create.atomic.locks"] = answered;
}

// H3: reserve_night and book_nights in both models.
void add_stay_rules(ClaimRules& rules) {
  auto& c = rules.checks;
  auto remembered = [](const StepView& v, const Message& m, const char* key) {
    return memory_item(v.memory_before, arg(m, "actor"), key);
  };
  auto taken = [remembered](const StepView& v, const Message& m) -> std::string {
    return joined(split(remembered(v, m, "multinight_taken"), ","));
  };
  // naive: one night, committed at once.
  const ClaimCheck night_taken = [](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("available", arg(m, "available"), available_of(v.after, arg(m, "night"))),
                   expect("available before", std::to_string(number(arg(m, "available")) + 1),
                          available_of(v.before, arg(m, "night")))});
  };
  c["h3.night.naive"] = night_taken;
  c["h3.night.naive.summary"] = night_taken;
  const ClaimCheck no_row_changed = [](const StepView& v, const Message& m) -> std::string {
    const std::string night = arg(m, "night");
    if (m.key == "h3.night.naive.none.summary") return std::string();
    if (arg(m, "reason") == "@h3.reason.missing")
      return has_night(v.before, night) ? night + " has a row" : "";
    return all_of({expect("reason", arg(m, "reason"), "@h3.reason.sold_out"),
                   expect("available", "0", available_of(v.before, night))});
  };
  c["h3.night.naive.none"] = no_row_changed;
  c["h3.night.naive.none.summary"] = no_row_changed;
  c["h3.night.naive.kept"] = [taken](const StepView& v, const Message& m) -> std::string {
    const std::string was = taken(v, m);
    return was == "-" ? "says nights are kept when none was taken"
                      : expect("nights taken", arg(m, "taken"), was);
  };
  // The naive booking judges by the last UPDATE it ran, as its memory shows it.
  const ClaimCheck judged = [remembered, taken](const StepView& v, const Message& m) -> std::string {
    const std::string last = remembered(v, m, "multinight_last_night");
    const std::string changes = remembered(v, m, "multinight_last_changes");
    const bool rejected = m.key.find("rejected") != std::string::npos;
    const bool none = m.key.find(".none") != std::string::npos;
    return all_of(
        {expect("last night", arg(m, "last"), last.empty() ? "-" : last),
         expect("rows changed", arg(m, "changes"), changes.empty() ? "0" : changes),
         rejected ? expect("rows changed", "0", changes.empty() ? "0" : changes) : "",
         expect("nights taken", arg(m, "taken"), taken(v, m)),
         rejected && none != (taken(v, m) == "-") ? "says the wrong thing of the nights taken" : ""});
  };
  for (const char* key : {"h3.book.naive.rejected", "h3.book.naive.rejected.summary",
                          "h3.book.naive.rejected.none", "h3.book.naive.rejected.none.summary"})
    c[key] = judged;
  // A booked stay: the hold is there, on exactly the stay's nights.
  const ClaimCheck booked = [judged](const StepView& v, const Message& m) -> std::string {
    std::vector<std::string> nights = split(arg(m, "nights"), ", ");
    std::sort(nights.begin(), nights.end());
    return all_of(
        {expect("hold", "RESERVED", hold_state(v.after, arg(m, "hold"))),
         nights_of_hold(v.after, arg(m, "hold")) == nights ? "" : "the hold is not on " + arg(m, "nights"),
         m.key.rfind("h3.book.naive", 0) == 0 ? judged(v, m) : ""});
  };
  for (const char* key : {"h3.book.naive.accepted", "h3.book.naive.accepted.summary", "h3.book.atomic",
                          "h3.book.atomic.summary"})
    c[key] = booked;
  c["h3.book.naive.accepted"] = [booked, taken](const StepView& v, const Message& m) -> std::string {
    std::vector<std::string> nights = split(arg(m, "nights"), ", ");
    std::vector<std::string> got = split(taken(v, m), ", ");
    std::sort(nights.begin(), nights.end());
    std::sort(got.begin(), got.end());
    return all_of(
        {booked(v, m), got == nights ? "" : "says every night was taken, but only " + taken(v, m) + " was"});
  };
  c["h3.book.naive.wrongly"] = [booked, taken](const StepView& v, const Message& m) -> std::string {
    std::vector<std::string> skipped;
    const auto got = split(taken(v, m), ", ");
    for (const auto& night : split(arg(m, "nights"), ", "))
      if (std::find(got.begin(), got.end(), night) == got.end()) skipped.push_back(night);
    return all_of({booked(v, m), expect("nights never decremented", arg(m, "skipped"), joined(skipped))});
  };
  c["h3.book.naive.skipped.missing"] = [](const StepView& v, const Message& m) -> std::string {
    return has_night(v.after, arg(m, "night")) ? arg(m, "night") + " has an inventory row" : "";
  };
  c["h3.book.naive.skipped.untaken"] = [](const StepView& v, const Message& m) -> std::string {
    return expect("available", arg(m, "available"), available_of(v.after, arg(m, "night")));
  };
  c["h3.book.duplicate"] = [](const StepView& v, const Message& m) -> std::string {
    const std::string key = event_arg(v, m, "request_key");
    return records_where(v.before, "holds", "request_key", key).empty() ? "no hold has key " + key : "";
  };
  c["h3.book.duplicate.summary"] = c["h3.book.duplicate"];
  // atomic: the night is decremented in the actor's open transaction, the first one opening it.
  const ClaimCheck in_transaction = [remembered](const StepView& v, const Message& m) -> std::string {
    const auto own = open_view(v, arg(m, "actor"));
    if (!own) return std::string("no open transaction");
    const bool opened_before = !remembered(v, m, "multinight_open").empty();
    return all_of(
        {expect("available in its transaction", arg(m, "available"), available_of(*own, arg(m, "night"))),
         m.key == "h3.night.atomic.first" && opened_before ? "says first, but the transaction was open" : "",
         m.key == "h3.night.atomic" && !opened_before ? "says a later night, but none came before" : ""});
  };
  for (const char* key : {"h3.night.atomic", "h3.night.atomic.first", "h3.night.atomic.summary"})
    c[key] = in_transaction;
  // atomic failures: the night's row as committed (the transaction is rolled back), nothing left open.
  auto rolled_back = [](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* status = status_of(v.step, arg(m, "actor"));
    return status && !status->in_transaction ? "" : "the transaction is still open";
  };
  c["h3.atomic.sold_out"] = [rolled_back](const StepView& v, const Message& m) -> std::string {
    return all_of({expect("available", "0", available_of(v.after, arg(m, "night"))), rolled_back(v, m)});
  };
  c["h3.atomic.missing"] = [rolled_back](const StepView& v, const Message& m) -> std::string {
    return all_of(
        {has_night(v.after, arg(m, "night")) ? arg(m, "night") + " has a row" : "", rolled_back(v, m)});
  };
  c["h3.atomic.out_of_order"] = [](const StepView& v, const Message& m) -> std::string {
    return all_of(
        {expect("date", arg(m, "date"), cell(v.after, "room_inventory", arg(m, "night"), "night")),
         arg(m, "date") <= arg(m, "previous") ? "" : "the night comes after " + arg(m, "previous")});
  };
  c["h3.book.atomic.mismatch"] = [taken](const StepView& v, const Message& m) -> std::string {
    auto got = split(taken(v, m), ", ");
    auto nights = split(arg(m, "nights"), ", ");
    std::sort(got.begin(), got.end());
    std::sort(nights.begin(), nights.end());
    return all_of(
        {expect("nights taken", arg(m, "taken"), taken(v, m)), got != nights ? "" : "the nights agree"});
  };
  c["h3.atomic.rolled_back"] = [rolled_back, taken](const StepView& v, const Message& m) -> std::string {
    return all_of({rolled_back(v, m), expect("nights taken before", arg(m, "taken"), taken(v, m))});
  };
  c["h3.atomic.rejected.summary"] = [](const StepView& v, const Message& m) -> std::string {
    const ActorStatus* status = status_of(v.step, arg(m, "actor"));
    return status && status->resolved == "rejected" && !status->in_transaction
               ? ""
               : "not rejected and rolled back";
  };
  c["hotel.record.nothing"] = [remembered](const StepView& v, const Message& m) -> std::string {
    return remembered(v, m, "multinight_open").empty() && remembered(v, m, "decremented").empty()
               ? ""
               : "the actor has a booking transaction open";
  };
  c["hotel.record.nothing.summary"] = c["hotel.record.nothing"];
  rules.claim_free.insert("h3.atomic.locks");
}

}  // namespace reslab::claims::hotel_cases
