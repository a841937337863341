#include "core/labs/connection/lab_file.hpp"

#include <stdlib.h>

#include <filesystem>
#include <system_error>

#include "core/labs/connection/lab_connection.hpp"
#include "core/labs/connection/lab_sql_error.hpp"
#include "core/sim/errors.hpp"

namespace reslab {
namespace {

namespace fs = std::filesystem;

void remove_database(const std::string& path) {
  std::error_code ignored;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(path + suffix, ignored);
}

}  // namespace

LabFile::LabFile(const std::string& requested, LabFileKind kind, const std::string& temporary_parent,
                 const std::string& temporary_stem)
    : m_kind(std::move(kind)) {
  if (requested.empty()) {
    const fs::path parent = temporary_parent.empty() ? fs::temp_directory_path() : fs::path(temporary_parent);
    const std::string stem = temporary_stem.empty() ? "reslab-" + m_kind.lab : temporary_stem;
    std::string pattern = (parent / (stem + "-XXXXXX")).string();
    if (!mkdtemp(pattern.data()))
      throw UsageError("cannot create a temporary folder in " + parent.string() + " for the " + m_kind.lab +
                       " database");
    m_temporary_dir = pattern;
    m_path = (fs::path(pattern) / (m_kind.lab + ".db")).string();
    return;
  }
  m_path = requested;
  std::error_code error;
  const auto status = fs::status(requested, error);
  if (fs::is_directory(status)) throw UsageError("--db " + requested + " is a folder, not a database file");
  if (!fs::exists(status)) {
    m_created = true;
    return;
  }
  refuse_unless_made_by_lab();
  if (!m_kind.replace_earlier) return;
  remove_database(requested);
  if (fs::exists(requested, error))
    throw UsageError("--db " + requested + ": cannot replace the earlier " + m_kind.lab +
                     " database (permission denied?)");
  m_created = true;
}

LabFile::~LabFile() {
  std::error_code ignored;
  if (!m_temporary_dir.empty()) fs::remove_all(m_temporary_dir, ignored);
}

std::string LabFile::folder() const {
  return fs::absolute(fs::path(m_path)).parent_path().string();
}

std::unique_ptr<LabConnection> LabFile::set_up(const std::function<void(LabConnection&)>& create_tables) {
  try {
    auto db = std::make_unique<LabConnection>(m_path, LabOpen::create);
    m_journal_mode = db->sql("PRAGMA journal_mode = WAL").text();
    if (m_journal_mode != "wal")
      throw UsageError(where() + ": SQLite cannot use WAL here (journal mode stays '" + m_journal_mode +
                       "')");
    create_tables(*db);
    return db;
  } catch (const LabSqlError& e) {
    remove_if_created();
    throw UsageError("cannot use " + where() + ": " + e.message());
  } catch (...) {
    remove_if_created();
    throw;
  }
}

std::string LabFile::where() const {
  return m_temporary_dir.empty() ? "--db " + m_path : m_path;
}

void LabFile::refuse_unless_made_by_lab() const {
  const std::string refusal = "--db " + m_path + " exists and is not a reslab " + m_kind.lab +
                              " database (it lacks the reslab_" + m_kind.lab +
                              ", seats and orders tables); it was left untouched. Name a new file, or one "
                              "that an earlier `reslab " +
                              m_kind.lab + " --db` made.";
  const std::string marker = "reslab_" + m_kind.lab;
  const std::string count_tables = "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('" +
                                   marker + "', 'seats', 'orders')";
  const std::string read_format = "SELECT value FROM " + marker + " WHERE key = 'format'";
  try {
    // Read-only: looking must not change the user's file.
    LabConnection look(m_path, LabOpen::read_only);
    const bool made_by_lab = look.sql(count_tables.c_str()).integer() == 3 &&
                             (!m_kind.format || look.sql(read_format.c_str()).text() == m_kind.format);
    if (!made_by_lab) throw UsageError(refusal);
  } catch (const LabSqlError&) {
    throw UsageError(refusal);
  }
}

void LabFile::remove_if_created() const {
  // A temporary file goes with its folder; the user's goes only if this run made it.
  if (m_temporary_dir.empty() && m_created) remove_database(m_path);
}

}  // namespace reslab
