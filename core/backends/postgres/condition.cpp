#include "core/backends/postgres/condition.hpp"

#include <map>

namespace reslab::pg {

std::string condition_name(const std::string& sqlstate) {
  // The conditions the cases can meet, and the ones a wrong statement or a lost server gives.
  static const std::map<std::string, std::string> names = {
      {"00000", "successful_completion"},
      {"01000", "warning"},
      {"08000", "connection_exception"},
      {"08003", "connection_does_not_exist"},
      {"08006", "connection_failure"},
      {"0A000", "feature_not_supported"},
      {"21000", "cardinality_violation"},
      {"22003", "numeric_value_out_of_range"},
      {"22012", "division_by_zero"},
      {"22P02", "invalid_text_representation"},
      {"23000", "integrity_constraint_violation"},
      {"23502", "not_null_violation"},
      {"23503", "foreign_key_violation"},
      {"23505", "unique_violation"},
      {"23514", "check_violation"},
      {"23P01", "exclusion_violation"},
      {"25001", "active_sql_transaction"},
      {"25006", "read_only_sql_transaction"},
      {"25P01", "no_active_sql_transaction"},
      {"25P02", "in_failed_sql_transaction"},
      {"3F000", "invalid_schema_name"},
      {"40001", "serialization_failure"},
      {"40P01", "deadlock_detected"},
      {"42501", "insufficient_privilege"},
      {"42601", "syntax_error"},
      {"42702", "ambiguous_column"},
      {"42703", "undefined_column"},
      {"42704", "undefined_object"},
      {"42804", "datatype_mismatch"},
      {"42883", "undefined_function"},
      {"42P01", "undefined_table"},
      {"42P07", "duplicate_table"},
      {"42P10", "invalid_column_reference"},
      {"42P18", "indeterminate_datatype"},
      {"55P03", "lock_not_available"},
      {"57014", "query_canceled"},
      {"57P01", "admin_shutdown"},
      {"57P02", "crash_shutdown"},
      {"57P03", "cannot_connect_now"},
  };
  auto it = names.find(sqlstate);
  return it == names.end() ? "sqlstate_" + sqlstate : it->second;
}

StatementResult::Kind kind_of(const std::string& sqlstate) {
  if (sqlstate == "00000" || sqlstate.rfind("01", 0) == 0) return StatementResult::Kind::ok;
  if (sqlstate == "40P01") return StatementResult::Kind::busy;
  if (sqlstate.rfind("23", 0) == 0) return StatementResult::Kind::constraint;
  return StatementResult::Kind::error;
}

}  // namespace reslab::pg
