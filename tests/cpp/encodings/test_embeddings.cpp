// Token embeddings (embeddings.hpp): the spec and token validators, and the rows they look up.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "../non_finite.hpp"
#include "pelab/encodings/embeddings.hpp"
#include "pelab/numerics/random.hpp"

using namespace pelab;

namespace {

using pelab::testing::kInf;
using pelab::testing::kNaN;

std::vector<float> embed(const EmbeddingSpec& spec, const std::vector<int>& tokens) {
  std::vector<float> out(tokens.size() * static_cast<std::size_t>(spec.dModel));
  embed_tokens(spec, tokens.data(), static_cast<int>(tokens.size()), out.data());
  return out;
}

}  // namespace

TEST_CASE("an embedding spec takes integer vocabSize, dModel and seed within their limits",
          "[embeddings][validation]") {
  EmbeddingSpec spec{-1, -1, 99};
  SECTION("valid numbers are converted as they are") {
    REQUIRE(make_embedding_spec(65536, 2, 4294967295.0, spec).ok);
    CHECK(spec.vocabSize == 65536);
    CHECK(spec.dModel == 2);
    CHECK(spec.seed == 4294967295u);
    REQUIRE(make_embedding_spec(1, 4096, 0, spec).ok);
    CHECK(spec.vocabSize == 1);
    CHECK(spec.dModel == 4096);
    CHECK(spec.seed == 0u);
  }
  SECTION("each bad number is named") {
    for (double v : {0.0, 65537.0, 2.5, -1.0, kNaN, kInf}) {
      INFO("vocabSize " << v);
      const Status s = make_embedding_spec(v, 8, 0, spec);
      CHECK_FALSE(s.ok);
      CHECK(s.param == "vocabSize");
    }
    for (double v : {1.0, 4097.0, 8.5, kNaN}) {
      INFO("dModel " << v);
      CHECK(make_embedding_spec(16, v, 0, spec).param == "dModel");
    }
    for (double v : {-1.0, 4294967296.0, 0.5, -kInf}) {
      INFO("seed " << v);
      CHECK(make_embedding_spec(16, 8, v, spec).param == "seed");
    }
  }
  SECTION("the first bad one, in the order vocabSize, dModel, seed") {
    CHECK(make_embedding_spec(0, 1, -1, spec).param == "vocabSize");
    CHECK(make_embedding_spec(16, 1, -1, spec).param == "dModel");
  }
  SECTION("a refused spec leaves the output alone") {
    const Status s = make_embedding_spec(0, 8, 0, spec);
    CHECK_FALSE(s.ok);
    CHECK(spec.vocabSize == -1);
    CHECK(spec.dModel == -1);
  }
}

TEST_CASE("token ids must be integers below vocabSize, and 1 to 2048 of them", "[embeddings][validation]") {
  const EmbeddingSpec spec{10, 4, 0};
  std::vector<int> out;
  const auto tokens = [&](const std::vector<double>& raw) { return make_tokens(spec, raw.data(), raw.size(), out); };
  SECTION("valid ids are converted in order") {
    REQUIRE(tokens({0, 9, 3, 3}).ok);
    CHECK(out == std::vector<int>{0, 9, 3, 3});
  }
  SECTION("an id out of range, fractional or not a number is refused as 'tokens'") {
    for (double bad : {10.0, -1.0, 2.5, kNaN, kInf, 1e300}) {
      INFO("id " << bad);
      const Status s = tokens({1, 2, bad});
      CHECK_FALSE(s.ok);
      CHECK(s.param == "tokens");
    }
  }
  SECTION("an empty list and one longer than 2048 are refused as 'tokens'") {
    CHECK(tokens({}).param == "tokens");
    CHECK(tokens(std::vector<double>(2049, 1.0)).param == "tokens");
    CHECK(tokens(std::vector<double>(2048, 1.0)).ok);
    CHECK(out.size() == 2048);
  }
}

TEST_CASE("a token's embedding is its row of a seeded N(0, 1) table", "[embeddings]") {
  const EmbeddingSpec spec{16, 8, 5};
  const std::vector<int> tokens{3, 0, 3, 15};
  const auto x = embed(spec, tokens);
  SECTION("row t holds draws t·dModel … t·dModel + dModel − 1 of the token_embeddings stream") {
    for (int i = 0; i < 4; ++i) {
      const int t = tokens[i];
      for (int c = 0; c < 8; ++c) {
        INFO("token " << t << ", column " << c);
        CHECK(x[i * 8 + c] == random::normal(5, random::Stream::token_embeddings, t * 8 + c));
      }
    }
  }
  SECTION("the same token gets the same row wherever it stands; different tokens differ") {
    CHECK(std::equal(x.begin(), x.begin() + 8, x.begin() + 16));
    CHECK_FALSE(std::equal(x.begin(), x.begin() + 8, x.begin() + 8));
  }
  SECTION("pinned: token 0 under seed 0 starts with the stream's first draws") {
    const auto first = embed({4, 2, 0}, {0});
    CHECK(first[0] == Approx(-0.19563611086276056).margin(1e-6));
    CHECK(first[1] == Approx(0.41500889254094625).margin(1e-6));
  }
  SECTION("the vocabulary size does not change a row; the seed does") {
    CHECK(embed({65536, 8, 5}, {3}) == embed({4, 8, 5}, {3}));
    CHECK(embed({16, 8, 6}, {3}) != embed(spec, {3}));
  }
}
