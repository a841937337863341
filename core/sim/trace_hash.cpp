// The trace hash: FNV-1a over the language-free content of a trace, fed field by field
// (no JSON is built): scenario, model, order, and for the initial state and every step
// its index, time, actor, event, outcome, wake-ups, tables, figures and invariant verdicts; for an SQL
// scenario's run also its variant and each statement's code and returned rows.
#include <cstring>
#include <map>
#include <unordered_map>
#include <vector>

#include "core/sim/hash.hpp"
#include "core/sim/trace.hpp"

namespace reslab {
namespace {

void add_value(Fnv1a64& hash, const Value& value) {
  if (const auto* i = std::get_if<std::int64_t>(&value)) {
    hash.tag('i');
    hash.number(static_cast<std::uint64_t>(*i));
  } else if (const auto* d = std::get_if<double>(&value)) {
    hash.tag('r');
    std::uint64_t bits = 0;  // std::bit_cast, which libc++ 13 (the browser build) lacks
    std::memcpy(&bits, &*d, sizeof bits);
    hash.number(bits);
  } else if (const auto* s = std::get_if<std::string>(&value)) {
    hash.tag('t');
    hash.field(*s);
  } else {
    hash.tag('n');
  }
}

// The hash of a state's tables. Fed first, so a state's hash goes on from it: states that share every
// table (a step's invariants changed, its tables did not) hash the rows once.
Fnv1a64 tables_digest(const Tables& tables) {
  Fnv1a64 hash;
  hash.number(tables.size());
  for (const auto& table : tables) {
    hash.field(table.name);
    hash.number(table.columns.size());
    for (const auto& column : table.columns) hash.field(column);
    hash.number(table.rows.size());
    for (const auto& row : table.rows) {
      hash.number(row.size());
      for (const auto& value : row) add_value(hash, value);
    }
  }
  return hash;
}

// Which tables a state has: the same shared tables in the same order are the same rows.
std::vector<const TableData*> identity_of(const Tables& tables) {
  std::vector<const TableData*> identity;
  for (std::size_t i = 0; i < tables.size(); ++i) identity.push_back(tables.shared(i).get());
  return identity;
}

std::uint64_t state_digest(const CommittedState& state,
                           std::map<std::vector<const TableData*>, Fnv1a64>& by_tables) {
  auto [known, fresh] = by_tables.try_emplace(identity_of(state.tables));
  if (fresh) known->second = tables_digest(state.tables);
  Fnv1a64 hash = known->second;
  hash.number(state.figures.size());
  for (const auto& figure : state.figures) {
    hash.field(figure.name);
    add_value(hash, figure.value);
    hash.number(figure.nights.size());
    for (const auto& night : figure.nights) {
      hash.field(night.night);
      hash.number(static_cast<std::uint64_t>(night.capacity));
      hash.number(static_cast<std::uint64_t>(night.available));
      hash.number(static_cast<std::uint64_t>(night.sold));
    }
  }
  hash.number(state.invariants.size());
  for (const auto& invariant : state.invariants) {
    hash.field(invariant.name);
    hash.tag(invariant.holds ? 'y' : 'x');
  }
  return hash.value();
}

}  // namespace

std::string committed_state_hash(const CommittedState& state) {
  std::map<std::vector<const TableData*>, Fnv1a64> by_tables;
  Fnv1a64 hash;
  hash.number(state_digest(state, by_tables));
  return hash.hex();
}

std::string trace_hash(const Trace& trace) {
  // Steps that commit nothing share their state: each distinct state is digested once.
  std::unordered_map<const CommittedState*, std::uint64_t> digests;
  std::map<std::vector<const TableData*>, Fnv1a64> by_tables;
  const auto digest = [&](const CommittedState& state) {
    auto [it, fresh] = digests.try_emplace(&state, 0);
    if (fresh) it->second = state_digest(state, by_tables);
    return it->second;
  };
  Fnv1a64 hash;
  hash.field(trace.scenario);
  hash.field(model_name(trace.model));
  // SQLite's hashes stay as they were; another backend is part of what the trace is. Never its version.
  if (trace.backend != Backend::sqlite) hash.field(backend_name(trace.backend));
  // An SQL scenario's run: its variant, and what each statement gave (its code, a wait, the rows it
  // returned) is what the run teaches, not only the tables.
  const bool sql = !trace.variant.empty();
  if (sql) hash.field(trace.variant);
  hash.number(trace.order.size());
  for (const auto& id : trace.order) hash.field(id);
  hash.number(digest(*trace.initial));
  hash.number(trace.steps.size());
  for (const auto& step : trace.steps) {
    hash.number(static_cast<std::uint64_t>(step.index));
    hash.number(static_cast<std::uint64_t>(step.time));
    hash.field(step.actor);
    hash.field(step.event);
    hash.field(step.outcome);
    hash.number(step.wakes.size());
    for (const auto& wake : step.wakes) {
      hash.field(wake.actor);
      hash.field(wake.event);
      hash.field(wake.outcome);
    }
    if (sql) {
      hash.number(step.sql.size());
      for (const auto& record : step.sql) {
        hash.field(record.connection);
        hash.field(record.result);
        hash.tag(record.waiting ? 'w' : record.ok ? 'y' : 'x');
        hash.number(record.returned_rows.size());
        for (const auto& row : record.returned_rows)
          for (const auto& value : row) add_value(hash, value);
      }
    }
    hash.number(digest(*step.committed));
  }
  return hash.hex();
}

}  // namespace reslab
