#include "core/formats/trace_json.hpp"

namespace reslab {
namespace {

using Json = nlohmann::ordered_json;

Json invariants_to_json(const std::vector<InvariantResult>& invariants, Lang lang) {
  Json out = Json::array();
  for (const auto& invariant : invariants)
    out.push_back(
        {{"name", invariant.name}, {"holds", invariant.holds}, {"detail", render(invariant.detail, lang)}});
  return out;
}

Json state_to_json(const CommittedState& state, Lang lang) {
  return {{"figures", figures_to_json(state.figures)},
          {"invariants", invariants_to_json(state.invariants, lang)},
          {"tables", tables_to_json(state.tables)}};
}

// A message as scripts check it: its key and its arguments, beside the rendered text.
Json message_to_json(const Message& message) {
  Json args = Json::object();
  for (const auto& [name, value] : message.args)
    args[name] = is_bilingual_arg(value)
                     ? Json{{"en", arg_text(value, Lang::en)}, {"zh", arg_text(value, Lang::zh)}}
                     : Json(value);
  return {{"key", message.key}, {"args", std::move(args)}};
}

Json messages_to_json(const std::vector<Message>& messages) {
  Json out = Json::array();
  for (const auto& message : messages) out.push_back(message_to_json(message));
  return out;
}

Json sql_to_json(const std::vector<SqlRecord>& records) {
  Json out = Json::array();
  for (const auto& record : records) {
    Json params = Json::array();
    for (const auto& value : record.params) params.push_back(value_to_json(value));
    Json item = {{"connection", record.connection}, {"sql", record.sql},
                 {"params", std::move(params)},     {"result", record.result},
                 {"changes", record.changes},       {"rows", record.rows}};
    if (!record.sqlstate.empty()) item["sqlstate"] = record.sqlstate;
    out.push_back(std::move(item));
  }
  return out;
}

}  // namespace

Json value_to_json(const Value& value) {
  if (const auto* i = std::get_if<std::int64_t>(&value)) return *i;
  if (const auto* d = std::get_if<double>(&value)) return *d;
  if (const auto* s = std::get_if<std::string>(&value)) return *s;
  return nullptr;
}

Json figures_to_json(const std::vector<Figure>& figures) {
  Json out = Json::object();
  for (const auto& figure : figures) {
    if (figure.name == "nights") {
      Json nights = Json::array();
      for (const auto& night : figure.nights)
        nights.push_back({{"night", night.night},
                          {"capacity", night.capacity},
                          {"available", night.available},
                          {"sold", night.sold}});
      out["nights"] = std::move(nights);
    } else {
      out[figure.name] = value_to_json(figure.value);
    }
  }
  return out;
}

namespace {

template <class TableList>
Json table_list_to_json(const TableList& tables) {
  Json out = Json::object();
  for (const auto& table : tables) {
    Json rows = Json::array();
    for (const auto& row : table.rows) {
      Json cells = Json::array();
      for (const auto& value : row) cells.push_back(value_to_json(value));
      rows.push_back(std::move(cells));
    }
    out[table.name] = {{"columns", table.columns}, {"rows", std::move(rows)}};
  }
  return out;
}

}  // namespace

Json tables_to_json(const std::vector<TableData>& tables) {
  return table_list_to_json(tables);
}

Json tables_to_json(const Tables& tables) {
  return table_list_to_json(tables);
}

Json trace_to_json(const Trace& trace, const Scenario& scenario, Lang lang) {
  Json steps = Json::array();
  for (const auto& step : trace.steps) {
    Json item;
    item["index"] = step.index;
    item["time"] = step.time;
    if (step.scheduled_time != step.time) item["scheduled_time"] = step.scheduled_time;
    item["actor"] = step.actor;
    item["event"] = step.event;
    item["outcome"] = step.outcome;
    item["summary"] = render(step.summary, lang);
    item["summary_message"] = message_to_json(step.summary);
    item["explanation"] = render(step.explanation, lang);
    item["explanation_messages"] = messages_to_json(step.explanation);
    Json wakes = Json::array();
    for (const auto& wake : step.wakes)
      wakes.push_back({{"actor", wake.actor},
                       {"event", wake.event},
                       {"outcome", wake.outcome},
                       {"explanation", render(wake.explanation, lang)},
                       {"explanation_messages", messages_to_json(wake.explanation)}});
    item["wakes"] = std::move(wakes);
    item["figures"] = figures_to_json(step.committed->figures);
    item["invariants"] = invariants_to_json(step.committed->invariants, lang);
    item["tables"] = tables_to_json(step.committed->tables);
    item["committed_is_previous"] = step.committed_is_previous;
    Json open = Json::array();
    for (const auto& view : step.open_transactions) {
      Json item = {{"actor", view.actor}, {"tables", tables_to_json(view.tables)}};
      if (!view.readable)
        item["readable"] = false;  // a statement of it is in flight: not readable while waiting
      open.push_back(std::move(item));
    }
    item["open_transactions"] = std::move(open);
    item["sql"] = sql_to_json(step.sql);
    steps.push_back(std::move(item));
  }
  Json out;
  out["scenario"] = scenario.id;
  out["model"] = std::string(model_name(trace.model));
  out["backend"] = std::string(backend_name(trace.backend));
  out["server_version"] = trace.server_version.empty() ? Json(nullptr) : Json(trace.server_version);
  out["lang"] = std::string(lang_code(lang));
  if (!trace.preset.empty()) out["preset"] = trace.preset;
  out["order"] = trace.order;
  out["initial"] = state_to_json(*trace.initial, lang);
  out["steps"] = std::move(steps);
  out["trace_hash"] = trace.hash;
  return out;
}

}  // namespace reslab
