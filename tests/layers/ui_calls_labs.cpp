// The UI (app/) running the seat race itself instead of through its platform: reslab_ui alone must not
// link it, as the browser's page has no live labs.
// undefined: reslab::run_seat_race(
#include "core/labs/race/seat_race.hpp"

int main() {
  return reslab::run_seat_race(reslab::RaceOptions{}).cancelled ? 0 : 1;
}
