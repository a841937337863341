#include "core/labs/connection/live_connection.hpp"

#include <set>
#include <variant>

#include "core/backends/live_servers.hpp"
#include "core/labs/connection/lab_connection.hpp"
#include "core/labs/connection/pg_lab_connection.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

class LiveSqliteConnection final : public LiveConnection {
 public:
  explicit LiveSqliteConnection(std::unique_ptr<LabConnection> db) : m_db(std::move(db)) {}
  void script(const std::string& sql) override { m_db->script(sql.c_str()); }
  std::int64_t run(const std::string& sql, const std::vector<Value>& values) override {
    return bound(sql, values).run();
  }
  std::int64_t integer(const std::string& sql, const std::vector<Value>& values) override {
    return bound(sql, values).integer();
  }
  std::string text(const std::string& sql, const std::vector<Value>& values) override {
    return bound(sql, values).text();
  }
  void roll_back_if_open() override { m_db->roll_back_if_open(); }

 private:
  LabStatement& bound(const std::string& sql, const std::vector<Value>& values) {
    // LabConnection finds a statement by pointer: give it one that stays put for each text.
    LabStatement& statement = m_db->sql(m_texts.insert(sql).first->c_str());
    for (std::size_t i = 0; i < values.size(); ++i) {
      const int index = static_cast<int>(i) + 1;
      if (const auto* number = std::get_if<std::int64_t>(&values[i])) {
        statement.bind(index, *number);
      } else if (const auto* word = std::get_if<std::string>(&values[i])) {
        statement.bind(index, *word);
      }
    }
    return statement;
  }
  std::set<std::string> m_texts;  // before m_db: its statements point into these
  std::unique_ptr<LabConnection> m_db;
};

std::vector<std::string> texts_of(const std::vector<Value>& values) {
  std::vector<std::string> texts;
  texts.reserve(values.size());
  for (const Value& value : values) texts.push_back(to_display(value));
  return texts;
}

class LivePostgresConnection final : public LiveConnection {
 public:
  explicit LivePostgresConnection(const std::string& conninfo) : m_db(conninfo) {}
  void script(const std::string& sql) override { m_db.script(sql); }
  std::int64_t run(const std::string& sql, const std::vector<Value>& values) override {
    return m_db.must(sql.c_str(), texts_of(values)).rows_changed();
  }
  std::int64_t integer(const std::string& sql, const std::vector<Value>& values) override {
    PgLabResult result = first_row(sql, values);
    return result.integer(0, 0);
  }
  std::string text(const std::string& sql, const std::vector<Value>& values) override {
    PgLabResult result = first_row(sql, values);
    return result.text(0, 0);
  }
  void roll_back_if_open() override { m_db.roll_back_if_open(); }

 private:
  PgLabResult first_row(const std::string& sql, const std::vector<Value>& values) {
    PgLabResult result = m_db.must(sql.c_str(), texts_of(values));
    if (result.rows() == 0) throw SqlError(sql, "no row", "the query returned no row");
    return result;
  }
  PgLabConnection m_db;
};

}  // namespace

std::string dialect_sql(Backend backend, const std::string& sql) {
  return backend == Backend::sqlite ? sql : sql_for_server(backend, sql);
}

std::unique_ptr<LiveConnection> live_sqlite_connection(std::unique_ptr<LabConnection> db) {
  return std::make_unique<LiveSqliteConnection>(std::move(db));
}

std::unique_ptr<LiveConnection> live_postgres_connection(const std::string& conninfo) {
  return std::make_unique<LivePostgresConnection>(conninfo);
}

std::string conninfo_in_schema(const std::string& conninfo, const std::string& schema) {
  return conninfo + " options=" + connection_string_value(Backend::postgres, "-c search_path=" + schema);
}

}  // namespace reslab
