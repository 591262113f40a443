// A token sequence into attention's input vectors (sequence.hpp): which encodings exist, which
// sequences each can cover, and what embed_sequence adds to the token embeddings.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "pelab/encodings/sequence.hpp"

using namespace pelab;

namespace {

std::vector<float> embedded(const SequenceSpec& spec, const std::vector<int>& tokens) {
  std::vector<float> out(tokens.size() * static_cast<std::size_t>(spec.embedding.dModel), -99.f);
  embed_sequence(spec, tokens, out.data());
  return out;
}

std::vector<float> tokens_only(const EmbeddingSpec& spec, const std::vector<int>& tokens) {
  std::vector<float> out(tokens.size() * static_cast<std::size_t>(spec.dModel));
  embed_tokens(spec, tokens.data(), static_cast<int>(tokens.size()), out.data());
  return out;
}

SequenceSpec spec_with(Encoding encoding, int dModel = 8) {
  SequenceSpec spec;
  spec.embedding = {12, dModel, 3};
  spec.encoding = encoding;
  return spec;
}

}  // namespace

TEST_CASE("the encoding is named 'none', 'sinusoidal' or 'learned', exactly", "[sequence][validation]") {
  Encoding e = Encoding::sinusoidal;
  SECTION("the three names") {
    REQUIRE(parse_encoding("none", e).ok);
    CHECK(e == Encoding::none);
    REQUIRE(parse_encoding("learned", e).ok);
    CHECK(e == Encoding::learned);
    REQUIRE(parse_encoding("sinusoidal", e).ok);
    CHECK(e == Encoding::sinusoidal);
  }
  SECTION("anything else is refused as 'encoding' and leaves the output alone") {
    for (const char* bad : {"", "Sinusoidal", "learned ", " none", "sin", "paper", "learne"}) {
      INFO("'" << bad << "'");
      e = Encoding::learned;
      const Status s = parse_encoding(bad, e);
      CHECK_FALSE(s.ok);
      CHECK(s.param == "encoding");
      CHECK(e == Encoding::learned);
    }
    CHECK(parse_encoding(std::string("none\0", 5), e).param == "encoding");
  }
}

TEST_CASE("check_sequence: which sequences each encoding can cover", "[sequence][validation]") {
  SECTION("no encoding covers any sequence") {
    SequenceSpec spec = spec_with(Encoding::none, 7);
    spec.start = 5000000;  // unused without an encoding
    CHECK(check_sequence(spec, 2048).ok);
  }
  SECTION("sinusoidal: the table's own limits, positions start … start+n-1") {
    SequenceSpec spec = spec_with(Encoding::sinusoidal);
    CHECK(check_sequence(spec, 2048).ok);
    spec.start = 1000000 - 9;
    CHECK(check_sequence(spec, 10).ok);
    CHECK(check_sequence(spec, 11).param == "start");
    spec.start = 0;
    spec.embedding.dModel = 7;  // the paper's pairs interleave: odd widths are refused
    CHECK(check_sequence(spec, 4).param == "dModel");
    spec.variant = Variant::halves;
    CHECK(check_sequence(spec, 4).ok);  // (base and start ranges: make_sequence_spec's, checked once there)
  }
  SECTION("learned: only positions the table has a row for") {
    SequenceSpec spec = spec_with(Encoding::learned);
    spec.learned.maxLen = 10;
    spec.start = 6;
    CHECK(check_sequence(spec, 4).ok);  // positions 6 … 9, the table's last row
    const Status past = check_sequence(spec, 5);
    CHECK_FALSE(past.ok);
    CHECK(past.param == "maxLen");
    spec.start = 0;
    CHECK(check_sequence(spec, 10).ok);
    CHECK(check_sequence(spec, 11).param == "maxLen");
  }
  SECTION("learned: positions past the largest allowed position name 'start'") {
    SequenceSpec spec = spec_with(Encoding::learned);
    spec.learned.maxLen = 65536;
    spec.start = 1000000;
    CHECK(check_sequence(spec, 2).param == "start");
  }
}

TEST_CASE("embed_sequence adds the encoding of positions start … start+n-1 to the token embeddings", "[sequence]") {
  const std::vector<int> tokens{5, 0, 11, 5};
  SECTION("none: the token embeddings alone") {
    const SequenceSpec spec = spec_with(Encoding::none);
    CHECK(embedded(spec, tokens) == tokens_only(spec.embedding, tokens));
  }
  SECTION("sinusoidal: plus the table's rows, entry by entry") {
    SequenceSpec spec = spec_with(Encoding::sinusoidal, 10);
    spec.start = 30;
    spec.variant = Variant::tensor2tensor;
    spec.base = 500.0;
    const auto x = embedded(spec, tokens), plain = tokens_only(spec.embedding, tokens);
    std::vector<float> pe(4 * 10);
    fill_sinusoidal({4, 10, 500.0, Variant::tensor2tensor, 30}, pe.data());
    for (std::size_t i = 0; i < x.size(); ++i) {
      INFO("entry " << i);
      REQUIRE(x[i] == plain[i] + pe[i]);
    }
  }
  SECTION("sinusoidal at position 0, paper: sin 0 = 0 in even columns, cos 0 = 1 in odd ones") {
    const SequenceSpec spec = spec_with(Encoding::sinusoidal, 6);
    const auto x = embedded(spec, {7}), plain = tokens_only(spec.embedding, {7});
    for (int c = 0; c < 6; ++c) {
      INFO("column " << c);
      CHECK(x[c] == Approx(plain[c] + (c % 2 ? 1.0 : 0.0)).margin(1e-6));
    }
  }
  SECTION("learned: plus the rows start … start+n-1 of a table with the embedding's width and seed") {
    SequenceSpec spec = spec_with(Encoding::learned);
    spec.start = 3;
    spec.learned = {20, 99, 77};  // its own width and seed are not used
    const auto x = embedded(spec, tokens), plain = tokens_only(spec.embedding, tokens);
    std::vector<float> row(8);
    for (int i = 0; i < 4; ++i) {
      learned_row({20, 8, 3}, 3 + i, row.data());
      for (int c = 0; c < 8; ++c) {
        INFO("token " << i << ", column " << c);
        REQUIRE(x[i * 8 + c] == plain[i * 8 + c] + row[c]);
      }
    }
  }
  SECTION("with an encoding the same token differs by position; without, it does not") {
    const auto with = embedded(spec_with(Encoding::sinusoidal), tokens);
    const auto without = embedded(spec_with(Encoding::none), tokens);
    CHECK(std::equal(without.begin(), without.begin() + 8, without.begin() + 24));
    CHECK_FALSE(std::equal(with.begin(), with.begin() + 8, with.begin() + 24));
  }
}
