#include <catch2/catch.hpp>

#include "pelab/attention/permutation.hpp"

using namespace pelab;

TEST_CASE("swapping two tokens only relabels attention outputs without an encoding", "[permutation]") {
  SequenceSpec spec;
  spec.embedding = {12, 16, 3};
  const std::vector<int> tokens{4, 1, 7, 7, 2, 9};
  const int dK = 8;
  REQUIRE(check_sequence(spec, 6).ok);
  const PermutationResult r = permutation_experiment(spec, tokens, dK, 1, 4);
  CHECK(r.withoutEncoding.relabelResidual < 1e-5);
  CHECK(r.withEncoding.relabelResidual > 1e-2);

  SECTION("a third position's output is unchanged without the encoding, and moves with it") {
    const int third = 2;
    double plain = 0, encoded = 0;
    for (int c = 0; c < dK; ++c) {
      plain = std::max(plain, double(std::fabs(r.withoutEncoding.swapped.output[third * dK + c] -
                                               r.withoutEncoding.original.output[third * dK + c])));
      encoded = std::max(encoded, double(std::fabs(r.withEncoding.swapped.output[third * dK + c] -
                                                   r.withEncoding.original.output[third * dK + c])));
    }
    CHECK(plain < 1e-5);
    CHECK(encoded > 1e-3);
  }
  CHECK(check_swap(6, 0, 6).param == "swap[1]");
}

TEST_CASE("a learned encoding cannot cover a sequence longer than its table", "[permutation][learned]") {
  SequenceSpec spec;
  spec.embedding = {12, 8, 0};
  spec.encoding = Encoding::learned;
  spec.learned.maxLen = 4;
  CHECK(check_sequence(spec, 4).ok);
  CHECK_FALSE(check_sequence(spec, 5).ok);
}
