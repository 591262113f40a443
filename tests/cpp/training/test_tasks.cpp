#include <algorithm>
#include <catch2/catch.hpp>
#include <vector>

#include "pelab/training/tasks.hpp"

using namespace pelab;
using namespace pelab::training;

namespace {

constexpr auto kStream = random::Stream::training_batches;

int occurrences(const std::vector<int>& t, int token) {
  return static_cast<int>(std::count(t.begin(), t.end(), token));
}

}  // namespace

TEST_CASE("tasks: order has exactly one A and one B, fillers elsewhere, and the label says whether A is first",
          "[training]") {
  int ones = 0;
  for (int length : {2, 3, 8, 16, 64})
    for (std::uint64_t i = 0; i < 400; ++i) {
      std::vector<int> t(static_cast<std::size_t>(length));
      int label = -1;
      make_sample(Task::order, 5, kStream, i, length, t.data(), label);
      REQUIRE(occurrences(t, marker_a) == 1);
      REQUIRE(occurrences(t, marker_b) == 1);
      REQUIRE(occurrences(t, cls_token) == 0);
      for (int x : t) REQUIRE((x >= marker_a && x < kVocabulary));
      const auto a = std::find(t.begin(), t.end(), marker_a), b = std::find(t.begin(), t.end(), marker_b);
      REQUIRE(label == (a < b ? 1 : 0));
      ones += label;
    }
  CHECK(ones == 5 * 200);  // labels alternate: exactly balanced
}

TEST_CASE("tasks: order puts the markers at every pair of positions", "[training]") {
  const int length = 6;
  std::vector<int> seen(length * length, 0);
  for (std::uint64_t i = 0; i < 3000; ++i) {
    std::vector<int> t(length);
    int label = 0;
    make_sample(Task::order, 1, kStream, i, length, t.data(), label);
    const auto a = std::find(t.begin(), t.end(), marker_a) - t.begin(),
               b = std::find(t.begin(), t.end(), marker_b) - t.begin();
    ++seen[std::size_t(a * length + b)];
  }
  for (int a = 0; a < length; ++a)
    for (int b = 0; b < length; ++b) CHECK((seen[std::size_t(a * length + b)] > 0) == (a != b));
}

TEST_CASE("tasks: count never ties, and the label says whether A is the more frequent", "[training]") {
  int ones = 0;
  for (int length : {2, 3, 8, 16, 65})
    for (std::uint64_t i = 0; i < 400; ++i) {
      std::vector<int> t(static_cast<std::size_t>(length));
      int label = -1;
      make_sample(Task::count, 9, kStream, i, length, t.data(), label);
      const int a = occurrences(t, marker_a), b = occurrences(t, marker_b);
      REQUIRE(a != b);
      REQUIRE(label == (a > b ? 1 : 0));
      REQUIRE(occurrences(t, cls_token) == 0);
      ones += label;
    }
  CHECK(ones == 5 * 200);
}

TEST_CASE("tasks: lengths are uniform in the training range", "[training]") {
  std::vector<int> counts(17, 0);
  for (std::uint64_t i = 0; i < 9000; ++i) {
    const int n = sample_length(2, kStream, i, 8, 16);
    REQUIRE((n >= 8 && n <= 16));
    ++counts[std::size_t(n)];
  }
  for (int n = 8; n <= 16; ++n) CHECK(std::abs(counts[std::size_t(n)] - 1000) < 120);  // ±3.8σ
}

TEST_CASE("tasks: a sample is a pure function of seed, stream and index", "[training]") {
  std::vector<int> a(12), b(12), c(12), d(12);
  int la = 0, lb = 0, lc = 0, ld = 0;
  make_sample(Task::order, 3, kStream, 41, 12, a.data(), la);
  make_sample(Task::order, 3, kStream, 41, 12, b.data(), lb);
  make_sample(Task::order, 3, random::Stream::evaluation_samples, 41, 12, c.data(), lc);
  make_sample(Task::order, 4, kStream, 41, 12, d.data(), ld);
  CHECK(a == b);
  CHECK(la == lb);
  CHECK(a != c);  // another stream: other samples
  CHECK(a != d);  // another seed: other samples
}
