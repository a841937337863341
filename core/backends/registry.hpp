#pragma once
// The backends' registries, one per platform, for a program to hand to the engine at start
// (use_lab_backends): the desktop's has SQLite, PostgreSQL and MariaDB (registry.cpp); the browser's has
// SQLite only, and its server backends say they run with the desktop app (web_registry.cpp). A program
// links the one it uses.
#include "core/sim/lab_backends.hpp"

namespace reslab {

const LabBackends& desktop_backends();
const LabBackends& browser_backends();

}  // namespace reslab
