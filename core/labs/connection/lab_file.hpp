#pragma once
// The database file a live lab runs on: a temporary one in a folder of its own, removed at the end,
// or the user's --db, used only when it is new or an earlier run of the same lab made it. A user's
// own file is never touched.
#include <functional>
#include <memory>
#include <string>

namespace reslab {

class LabConnection;

// What tells one lab's files apart. An earlier run of the lab made a file when it has the tables
// reslab_<lab>, seats and orders, and, when `format` is given, reslab_<lab> says so under 'format'.
struct LabFileKind {
  std::string lab;               // "race", "load": also names the temporary folder and file
  const char* format = nullptr;  // e.g. "reslab load 1"; null: the tables are enough
  bool replace_earlier = false;  // an earlier run's file is removed first (load), or run on again (race)
};

class LabFile {
 public:
  // Chooses the file: `requested` (the --db), or a temporary one in a new folder "<temporary_stem>-XXXXXX"
  // (default "reslab-<lab>") under `temporary_parent` (default: the system's temporary folder). Throws
  // UsageError when `requested` is a folder, a file this lab did not make, or an earlier one that
  // cannot be replaced.
  LabFile(const std::string& requested, LabFileKind kind, const std::string& temporary_parent = "",
          const std::string& temporary_stem = "");
  ~LabFile();  // removes the temporary folder with everything in it
  LabFile(const LabFile&) = delete;
  LabFile& operator=(const LabFile&) = delete;

  const std::string& path() const { return m_path; }
  std::string folder() const;
  // The journal mode SQLite reported when set_up() switched the file to WAL: "wal".
  const std::string& journal_mode() const { return m_journal_mode; }

  // Opens the file, creating it, switches it to WAL and hands the connection to `create_tables`.
  // Any failure is about the file the user named, hence a UsageError quoting SQLite; a file this run
  // created is removed again. Returns the connection, still open.
  std::unique_ptr<LabConnection> set_up(const std::function<void(LabConnection&)>& create_tables);

 private:
  // How messages name the file: "--db <path>" when the user chose it.
  std::string where() const;
  void refuse_unless_made_by_lab() const;
  void remove_if_created() const;

  LabFileKind m_kind;
  std::string m_path;
  std::string m_temporary_dir;  // empty: the user named the file
  bool m_created = false;       // the user's file did not exist before this run, or was replaced
  std::string m_journal_mode;
};

}  // namespace reslab
