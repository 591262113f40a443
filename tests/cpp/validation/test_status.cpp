#include <catch2/catch.hpp>
#include <cmath>

#include "pelab/validation/status.hpp"

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

TEST_CASE("a rejected value is quoted so that it reads back as itself", "[status]") {
  const IntParam p{"start", 0, 1000000};
  CHECK_THAT(check(p, 1000001).message, Catch::EndsWith("(got 1000001)"));
  CHECK_THAT(check(p, 2.0000001).message, Catch::EndsWith("(got 2.0000001)"));
  CHECK_THAT(check(p, 1000000.0000000001).message, Catch::Contains("1000000.0000000001"));
  CHECK_THAT(check(p, 4007719883243413.5).message, Catch::EndsWith("(got 4007719883243413.5)"));  // found by fuzzing
  CHECK_THAT(check(p, std::nan("")).message, Catch::EndsWith("(got NaN)"));
  CHECK_THAT(check(p, -HUGE_VAL).message, Catch::EndsWith("(got -Infinity)"));
}
