#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "pelab/encodings/learned.hpp"
#include "pelab/numerics/random.hpp"

using namespace pelab;

TEST_CASE("the learned table is a deterministic function of its seed", "[learned]") {
  const LearnedSpec spec{64, 16, 7};
  std::vector<float> a(64 * 16), b(64 * 16), other(64 * 16);
  fill_learned_table(spec, a.data());
  fill_learned_table(spec, b.data());
  fill_learned_table({64, 16, 8}, other.data());
  CHECK(a == b);
  CHECK(a != other);

  SECTION("a single row equals the same row of the whole table") {
    std::vector<float> row(16);
    learned_row(spec, 40, row.data());
    CHECK(std::equal(row.begin(), row.end(), a.begin() + 40 * 16));
  }
  SECTION("its entries look like N(0, 1)") {
    std::vector<float> big(4096 * 64);
    fill_learned_table({4096, 64, 1}, big.data());
    double sum = 0, sq = 0;
    for (float v : big) sum += v, sq += double(v) * v;
    const double mean = sum / big.size(), var = sq / big.size() - mean * mean;
    CHECK(std::fabs(mean) < 0.01);
    CHECK(var == Approx(1.0).margin(0.02));
  }
}

TEST_CASE("the generator's first draws are pinned, so every build makes the same tables", "[learned][random]") {
  // Any change to mix64, the stream keys or Box–Muller shows up here before it reaches a learner.
  CHECK(random::mix64(0) == 0xe220a8397b1dcdafULL);
  const float first = random::normal(0, random::Stream::learned_positions, 0);
  CHECK(std::isfinite(first));
  CHECK(random::normal(0, random::Stream::learned_positions, 0) == first);
  CHECK(random::normal(0, random::Stream::token_embeddings, 0) != first);
}

TEST_CASE("looking up a position past the table says that no row exists", "[learned][validation]") {
  const LearnedSpec spec{512, 8, 0};
  CHECK(check_learned_position(spec, 511).ok);
  const Status beyond = check_learned_position(spec, 600);
  CHECK_FALSE(beyond.ok);
  CHECK(beyond.param == "position");
  CHECK(beyond.rule == Rule::no_learned_row);
  CHECK(beyond.got == 600);
  CHECK(beyond.hi == 511);
  CHECK(check_learned_position(spec, -1).param == "position");
  CHECK(check_learned_position(spec, 2.5).param == "position");
}
