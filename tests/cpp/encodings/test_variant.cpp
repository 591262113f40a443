// The three sinusoidal conventions (variant.hpp): their names and where each pair's columns go.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "pelab/encodings/variant.hpp"

using namespace pelab;

TEST_CASE("a variant is named 'paper', 'halves' or 'tensor2tensor', exactly", "[variant][validation]") {
  SECTION("each name parses to its variant, and variant_name gives the name back") {
    for (Variant v : {Variant::paper, Variant::halves, Variant::tensor2tensor}) {
      Variant parsed = v == Variant::paper ? Variant::halves : Variant::paper;
      REQUIRE(parse_variant(variant_name(v), parsed).ok);
      CHECK(parsed == v);
    }
    CHECK(std::string(variant_name(Variant::paper)) == "paper");
    CHECK(std::string(variant_name(Variant::halves)) == "halves");
    CHECK(std::string(variant_name(Variant::tensor2tensor)) == "tensor2tensor");
  }
  SECTION("anything else is refused as 'variant' and leaves the output alone") {
    for (const char* bad : {"", "Paper", "paper ", "half", "tensor2tensor\n", "t2t", "none"}) {
      INFO("'" << bad << "'");
      Variant v = Variant::halves;
      const Status s = parse_variant(bad, v);
      CHECK_FALSE(s.ok);
      CHECK(s.param == "variant");
      CHECK(v == Variant::halves);
    }
  }
}

TEST_CASE("pair_columns puts pair k's sine and cosine where each convention does", "[variant]") {
  SECTION("paper interleaves: sin at 2k, cos at 2k+1") {
    CHECK(pair_columns(Variant::paper, 8, 0).sin == 0);
    CHECK(pair_columns(Variant::paper, 8, 0).cos == 1);
    CHECK(pair_columns(Variant::paper, 8, 3).sin == 6);
    CHECK(pair_columns(Variant::paper, 8, 3).cos == 7);
  }
  SECTION("halves and tensor2tensor: every sine, then every cosine") {
    for (Variant v : {Variant::halves, Variant::tensor2tensor}) {
      INFO(variant_name(v));
      CHECK(pair_columns(v, 8, 0).sin == 0);
      CHECK(pair_columns(v, 8, 0).cos == 4);
      CHECK(pair_columns(v, 8, 3).sin == 3);
      CHECK(pair_columns(v, 8, 3).cos == 7);
      // an odd width: 3 pairs in columns 0 … 5, the last column (6) left for the zero pad
      CHECK(pair_columns(v, 7, 2).sin == 2);
      CHECK(pair_columns(v, 7, 2).cos == 5);
    }
  }
  SECTION("in every convention the pairs fill columns 0 … 2·(d/2)-1, each exactly once") {
    for (Variant v : {Variant::paper, Variant::halves, Variant::tensor2tensor})
      for (int d : {2, 3, 8, 9, 64, 130}) {
        if (v == Variant::paper && d % 2) continue;
        std::vector<int> uses(static_cast<std::size_t>(d), 0);
        for (int k = 0; k < d / 2; ++k) {
          const PairColumns p = pair_columns(v, d, k);
          REQUIRE(p.sin >= 0);
          REQUIRE(p.sin < 2 * (d / 2));
          REQUIRE(p.cos >= 0);
          REQUIRE(p.cos < 2 * (d / 2));
          ++uses[p.sin];
          ++uses[p.cos];
        }
        INFO(variant_name(v) << ", d = " << d);
        for (int c = 0; c < 2 * (d / 2); ++c) CHECK(uses[c] == 1);
        if (d % 2) CHECK(uses[d - 1] == 0);
      }
  }
}
