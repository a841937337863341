#pragma once
// The engine as reslab's desktop programs run it (the app and the command line, the tests, the
// benchmarks, the fuzz targets): the bundled case families and the desktop's backends (SQLite,
// PostgreSQL, MariaDB), handed to the engine once at start. The browser build hands in its own.
namespace reslab {

// Call first in main(), before any scenario is read or lab opened; calling it again changes nothing.
void use_desktop_engine();

}  // namespace reslab
