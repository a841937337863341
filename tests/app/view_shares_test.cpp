// How the committed | open-transaction views share the tables' width (app/export/slide_layout.hpp).
#include <doctest/doctest.h>

#include "app/export/slide_layout.hpp"

using reslab::view_shares;

TEST_CASE("views that all fit get their natural widths, even the one where nothing changed") {
  // Committed: nothing changed, a 300 px table; A's transaction: a changed 350 px table.
  const auto shares = view_shares({0, 350}, {300, 350}, 2, 100, 900);
  CHECK(shares == std::vector<float>{300, 350});
}

TEST_CASE("short of room, the view that changed keeps its width and the unchanged one gives way") {
  const auto shares = view_shares({0, 350}, {300, 350}, 2, 100, 500);
  CHECK(shares[1] == doctest::Approx(350));
  CHECK(shares[0] == doctest::Approx(150));
}

TEST_CASE("with no room to spare at all, every view still gets the least width") {
  const auto shares = view_shares({0, 350}, {300, 350}, 2, 100, 200);
  CHECK(shares[0] == doctest::Approx(100));
  CHECK(shares[1] == doctest::Approx(350));
}

TEST_CASE("views the last frame did not measure count as the least width") {
  const auto shares = view_shares({}, {}, 3, 120, 1000);
  CHECK(shares == std::vector<float>{120, 120, 120});
}

TEST_CASE("a view that shows no table, as a waiting transaction's, takes less than one that does") {
  const auto shares = view_shares({0, 350, 0}, {300, 350, 0}, 3, 100, 2000);
  CHECK(shares[0] == doctest::Approx(300));
  CHECK(shares[1] == doctest::Approx(350));
  CHECK(shares[2] == doctest::Approx(60));
}
