#include <catch2/catch.hpp>
#include <cmath>

#include "pelab/status.hpp"

using namespace pelab;

TEST_CASE("an integer check names the parameter, the range and the value", "[status]") {
  const IntParam p{"dModel", 2, 4096};
  CHECK(check(p, 64).ok);
  for (double bad : {1.0, 4097.0, 2.5, std::nan(""), HUGE_VAL, -HUGE_VAL}) {
    const Status s = check(p, bad);
    CHECK_FALSE(s.ok);
    CHECK(s.param == "dModel");
    CHECK_THAT(s.message, Catch::StartsWith("dModel must be an integer from 2 to 4096"));
  }
}

TEST_CASE("first_error keeps the first failing check", "[status]") {
  const Status s = first_error(Status::fine(), Status::error("a", "first"), Status::error("b", "second"));
  CHECK(s.param == "a");
  CHECK(first_error(Status::fine(), Status::fine()).ok);
}
