#include <catch2/catch.hpp>
#include <cmath>

#include "pelab/validation/limits.hpp"
#include "pelab/validation/status.hpp"

using namespace pelab;

TEST_CASE("an integer check names the parameter, its range and the value it got", "[status]") {
  const IntParam p{"dModel", 2, 4096};
  CHECK(check(p, 64).ok);
  CHECK(check(p, 2).ok);
  CHECK(check(p, 4096).ok);
  for (double bad : {1.0, 4097.0, 2.5, std::nan(""), HUGE_VAL, -HUGE_VAL, 1e300}) {
    const Status s = check(p, bad);
    CHECK_FALSE(s.ok);
    CHECK(s.rule == Rule::integer_range);
    CHECK(s.param == "dModel");
    CHECK(s.lo == 2);
    CHECK(s.hi == 4096);
    // The rejected value travels bit for bit, so the JS layer can quote exactly what the caller wrote.
    if (std::isnan(bad)) CHECK(std::isnan(s.got));
    else CHECK(s.got == bad);
  }
}

TEST_CASE("a real check accepts fractions inside the range only", "[status]") {
  const RealParam p{"base", 2.0, 1e9};
  CHECK(check(p, 2.5).ok);
  CHECK(check(p, 1e9).ok);
  for (double bad : {1.999999, 1e9 + 1, std::nan(""), HUGE_VAL}) {
    const Status s = check(p, bad);
    CHECK_FALSE(s.ok);
    CHECK(s.rule == Rule::real_range);
  }
}

TEST_CASE("first_error keeps the first failing check", "[status]") {
  const Status a = Status::broken(Rule::length, "a", 1, 2, 2), b = Status::broken(Rule::length, "b", 1, 2, 2);
  CHECK(first_error(Status::fine(), a, b).param == "a");
  CHECK(first_error(b, a).param == "b");
  CHECK(first_error(Status::fine(), Status::fine()).ok);
}

TEST_CASE("lengths and the optional out array", "[status]") {
  CHECK(check_length("q", 6, 6).ok);
  const Status s = check_length("q", 5, 6);
  CHECK(s.rule == Rule::length);
  CHECK(s.got == 5);
  CHECK(s.hi == 6);
  CHECK(check_out(kNoOut, 6).ok);
  CHECK(check_out(6, 6).ok);
  CHECK(check_out(0, 6).param == "out");
}

TEST_CASE("named choices are matched exactly, by index", "[status]") {
  int index = -1;
  REQUIRE(limits::parse_choice(limits::masks, "mask", "after-softmax", index).ok);
  CHECK(index == 2);
  for (const char* bad : {"", "None", "none ", "before_softmax"}) {
    const Status s = limits::parse_choice(limits::masks, "mask", bad, index);
    CHECK(s.rule == Rule::choice);
    CHECK(s.param == "mask");
  }
  CHECK_FALSE(limits::parse_choice(limits::variants, "variant", std::string("paper\0", 6), index).ok);
}

TEST_CASE("array sizes are capped before anything is copied", "[status]") {
  CHECK(limits::check_input_elements("x", static_cast<double>(limits::maxElements)).ok);
  const Status s = limits::check_input_elements("x", static_cast<double>(limits::maxElements) + 1);
  CHECK(s.rule == Rule::input_elements);
  CHECK(s.param == "x");
  const Status t = limits::check_table_elements("positions", 4097, 2048);
  CHECK(t.rule == Rule::table_elements);
  CHECK(t.a == 4097);
  CHECK(t.b == 2048);
  CHECK(t.got == 4097.0 * 2048);
}
