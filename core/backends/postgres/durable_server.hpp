#pragma once
// The private PostgreSQL server load figures are measured on: durable (fsync, synchronous_commit and
// full_page_writes on), its data in a real folder kept between runs so that only the first run pays
// for initdb, its socket in a private temp dir with no TCP listener. One process at a time may run it
// (PostgreSQL itself refuses a second postmaster on the same data folder).
#include <memory>
#include <string>

namespace reslab::pg {

class PrivateServer;

// $XDG_CACHE_HOME/reslab/pg-load, else $HOME/.cache/reslab/pg-load; when reslab runs as root (the
// server then runs as the postgres user, who cannot enter /root) /var/cache/reslab/pg-load. Never /tmp,
// which may be memory and is emptied at boot.
std::string default_load_data_dir();

class DurableServer {
 public:
  // Finds the binaries, initdb when `data_dir` holds no cluster yet, starts the server and waits until
  // it answers. Throws BackendUnavailable saying what to install or what failed.
  static std::unique_ptr<DurableServer> start(const std::string& data_dir);
  ~DurableServer();  // fast shutdown; the data folder stays
  DurableServer(const DurableServer&) = delete;
  DurableServer& operator=(const DurableServer&) = delete;

  const std::string& conninfo() const { return m_conninfo; }  // trust over the private socket
  const std::string& server_version() const { return m_server_version; }
  const std::string& data_dir() const;
  bool cold() const;                                        // this start made the cluster (initdb)
  double start_seconds() const { return m_start_seconds; }  // initdb (if any) to the first answer
  int postmaster_pid() const;
  void stop();

 private:
  DurableServer() = default;
  std::unique_ptr<PrivateServer> m_server;
  std::string m_conninfo;
  std::string m_server_version;
  double m_start_seconds = 0;
};

}  // namespace reslab::pg
