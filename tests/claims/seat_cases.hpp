#pragma once
// The claim tests of the seat family (tests/explanation_claims_seat_test.cpp): the variants they generate,
// what they count from a step's rows (not with the family's own helpers), and the claim rules, one function
// per part of the family; seat_rules() has them all.
#include <cstdint>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include "core/sim/message.hpp"
#include "tests/claims/claim_support.hpp"
#include "tests/claims/scenario_variants.hpp"

namespace reslab::claims::seat_cases {

// [SECTION] variants (seat_case_variants.cpp)
enum class Kind { queue, lease, handover };

const char* kind_name(Kind kind);
bool chance(std::mt19937& random, int one_in);
// A bundled seat case with its own seats A1..An and buyers, each buyer an actor aimed at a seat drawn at
// random (so that some compete), with the case's events drawn afresh; the bundled case's texts that name
// its own actors (notes, presets) are dropped.
Scenario seat_variant(Kind kind, int seats, int buyers, std::mt19937& random);

// [SECTION] what the tables show (seat_case_state.cpp)
// The number a cell or an argument shows; -1 when it shows none ("NULL", "-", "o1x").
std::int64_t number(const std::string& text);
std::string id_of(const std::string& label);
RowText row_of(const CommittedState& state, const std::string& table, const std::string& column,
               const std::string& value);
RowText seat_in(const CommittedState& state, const std::string& seat);
RowText order_in(const CommittedState& state, const std::string& label);
// "o1, o3": the orders that claim the seat (held or paid), in id order.
std::vector<std::string> live_in(const CommittedState& state, const std::string& seat);
std::string joined(const std::vector<std::string>& items);
RowText item_for(const CommittedState& state, const std::string& payment, const std::string& reason);
std::string at(const RowText& row, const std::string& column);
// The first problem of several, or "".
std::string first(std::initializer_list<std::string> problems);
std::string when(bool holds, const std::string& otherwise);
// The step's clock, as the message says it.
std::string now_is(const StepView& v, const Message& m);
// A seat that is not free to take: held by an order whose hold still runs, or sold.
bool taken(const RowText& seat, std::int64_t now);
// The step ran an UPDATE of seats that changed 0 rows.
bool update_changed_nothing(const StepView& v);
bool same_tables(const CommittedState& a, const CommittedState& b);
bool rolled_back(const StepView& v);
// The seat names the order, in the given state.
std::string seat_names(const CommittedState& state, const std::string& seat, const std::string& order,
                       const std::string& seat_state);
std::string order_is(const CommittedState& state, const std::string& order, const std::string& order_state);
bool contains(const std::vector<std::string>& items, const std::string& item);

// [SECTION] the rules (seat_hold_rules.cpp: holds, payments, callbacks; seat_other_rules.cpp: reconciliation,
// queue tickets, lease locks, and seat_rules())
void hold_rules(ClaimRules& rules);
void pay_rules(ClaimRules& rules);
void callback_rules(ClaimRules& rules);
void reconcile_rules(ClaimRules& rules);
void queue_rules(ClaimRules& rules);
void lock_rules(ClaimRules& rules);
bool starts(const std::string& key, const char* prefix);
// What every seat message says of its own step: the actor is the one acting, the time is the step's
// clock, and the seat, order, payment, event, ticket, request key and hold end are the event's own.
std::string own_arguments(const StepView& v, const Message& m);
ClaimRules seat_rules();

}  // namespace reslab::claims::seat_cases
