// Attention in several heads, with positions entering inside it: rope on each head's queries and
// keys, ALiBi's bias on each head's scores.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "noise.hpp"
#include "pelab/attention/alibi.hpp"
#include "pelab/attention/attention.hpp"
#include "pelab/numerics/random.hpp"

using namespace pelab;
using pelab::testing::noise;

namespace {

std::vector<float> columns(const std::vector<float>& x, int n, int width, int first, int count) {
  std::vector<float> out;
  for (int r = 0; r < n; ++r)
    out.insert(out.end(), x.begin() + r * width + first, x.begin() + r * width + first + count);
  return out;
}

// softmax(q·k/√d − slope·|i − j|) of one head in double, future keys left out when causal.
std::vector<double> reference_weights(const std::vector<float>& q, const std::vector<float>& k, int n, int d,
                                      double slope, bool causal) {
  std::vector<double> w(n * n, 0.0);
  for (int i = 0; i < n; ++i) {
    const int visible = causal ? i + 1 : n;
    double peak = -1e300, total = 0;
    for (int j = 0; j < visible; ++j) {
      double s = 0;
      for (int c = 0; c < d; ++c) s += double(q[i * d + c]) * k[j * d + c];
      w[i * n + j] = s / std::sqrt(double(d)) - slope * std::abs(i - j);
      peak = std::max(peak, w[i * n + j]);
    }
    for (int j = 0; j < visible; ++j) total += w[i * n + j] = std::exp(w[i * n + j] - peak);
    for (int j = 0; j < visible; ++j) w[i * n + j] /= total;
  }
  return w;
}

}  // namespace

TEST_CASE("several heads are attention over each head's share of the columns", "[attention][heads]") {
  const int n = 9, dK = 6, dV = 9, heads = 3;
  const auto q = noise(n * dK, 101), k = noise(n * dK, 102), v = noise(n * dV, 103);
  std::vector<float> w(heads * n * n), out(n * dV);
  HeadOptions options;
  options.heads = heads;
  attention({n, dK, dV}, q.data(), k.data(), v.data(), Mask::before_softmax, w.data(), out.data(), options);
  for (int h = 0; h < heads; ++h) {
    const auto qh = columns(q, n, dK, 2 * h, 2), kh = columns(k, n, dK, 2 * h, 2), vh = columns(v, n, dV, 3 * h, 3);
    std::vector<float> wh(n * n), oh(n * 3);
    attention({n, 2, 3}, qh.data(), kh.data(), vh.data(), Mask::before_softmax, wh.data(), oh.data());
    for (int i = 0; i < n * n; ++i) REQUIRE(w[h * n * n + i] == wh[i]);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < 3; ++c) REQUIRE(out[r * dV + 3 * h + c] == oh[r * 3 + c]);
  }
}

TEST_CASE("with rope inside attention the scores depend only on the offset", "[attention][rope]") {
  const auto layout = GENERATE(RopeLayout::halves, RopeLayout::interleaved);
  const int n = 24, d = 8;
  // The same query and the same key at every position: only rope tells positions apart.
  const auto q1 = noise(d, 104), k1 = noise(d, 105);
  std::vector<float> q, k;
  for (int r = 0; r < n; ++r) q.insert(q.end(), q1.begin(), q1.end()), k.insert(k.end(), k1.begin(), k1.end());
  HeadOptions options;
  options.rope = true;
  options.ropeSpec = {d, d, 10000.0, layout, 1.0, 100};
  std::vector<float> w(n * n), out(n * d);
  attention({n, d, d}, q.data(), k.data(), q.data(), Mask::none, w.data(), out.data(), options);
  // Within a row, log w[i][j] − log w[i][j'] is score(i − j) − score(i − j'): the same on every row.
  auto gap = [&](int i, int j) { return std::log(double(w[i * n + j])) - std::log(double(w[i * n + j + 1])); };
  for (int i = 0; i + 1 < n; ++i)
    for (int j = 0; j + 2 < n; ++j) REQUIRE(gap(i, j) == Approx(gap(i + 1, j + 1)).margin(1e-4));
  CHECK(std::fabs(gap(0, 0) - gap(0, 5)) > 1e-3);  // and the offset matters

  SECTION("it is attention of the rotated queries and keys") {
    auto qr = q, kr = k;
    apply_rope(options.ropeSpec, qr.data(), n);
    apply_rope(options.ropeSpec, kr.data(), n);
    std::vector<float> w2(n * n), out2(n * d);
    attention({n, d, d}, qr.data(), kr.data(), q.data(), Mask::none, w2.data(), out2.data());
    CHECK(w == w2);
  }
}

TEST_CASE("ALiBi inside attention adds each head's bias before the mask and softmax", "[attention][alibi]") {
  const int n = 11, heads = 6, dh = 3, dK = heads * dh;  // six heads: not a power of two
  const auto q = noise(n * dK, 106), k = noise(n * dK, 107), v = noise(n * dK, 108);
  const auto slopes = alibi_slopes(heads);
  for (const Mask mask : {Mask::none, Mask::before_softmax}) {
    HeadOptions options;
    options.heads = heads;
    options.alibi = true;
    std::vector<float> w(heads * n * n), out(n * dK);
    attention({n, dK, dK}, q.data(), k.data(), v.data(), mask, w.data(), out.data(), options);
    for (int h = 0; h < heads; ++h) {
      const auto expected = reference_weights(columns(q, n, dK, h * dh, dh), columns(k, n, dK, h * dh, dh), n, dh,
                                              slopes[h], mask == Mask::before_softmax);
      for (int i = 0; i < n * n; ++i) REQUIRE(w[h * n * n + i] == Approx(expected[i]).margin(1e-6));
    }
  }
}

TEST_CASE("head options are checked after the shape and name the option at fault", "[attention][validation]") {
  AttentionRequest r;
  RawHeadOptions raw;
  raw.heads = 0;
  CHECK(make_attention_request(4, 8, 8, "none", raw, 32, 32, 32, r).param == "heads");
  raw.heads = 3;
  CHECK(make_attention_request(4, 8, 9, "none", raw, 32, 32, 36, r).param == "dK");
  CHECK(make_attention_request(4, 9, 8, "none", raw, 36, 36, 32, r).param == "dV");
  raw.heads = 4;
  const Status big = make_attention_request(2048, 4, 4, "none", raw, 8192, 8192, 8192, r);
  CHECK(big.rule == Rule::result_elements);
  raw.heads = 2;
  CHECK(make_attention_request(2048, 1024, 1024, "none", raw, 0, 0, 0, r).param == "n");  // work at one head
  SECTION("rope's options are named as nested") {
    raw.rope = true;
    raw.rotaryDims = 3;
    const Status odd = make_attention_request(4, 8, 8, "none", raw, 32, 32, 32, r);
    CHECK(odd.param == "rope.rotaryDims");
    CHECK(odd.hi == 4);
    raw.heads = 8;
    raw.rotaryDims = 1;  // heads one dimension wide have no pair to turn
    const Status narrow = make_attention_request(4, 8, 8, "none", raw, 32, 32, 32, r);
    CHECK(narrow.rule == Rule::rotary_dims);
    CHECK(narrow.a == 1);
    raw.heads = 2;
    raw.rotaryDims = 4;
    raw.base = 1;
    CHECK(make_attention_request(4, 8, 8, "none", raw, 32, 32, 32, r).param == "rope.base");
    raw.base = 10000;
    raw.start = 999998;
    CHECK(make_attention_request(4, 8, 8, "none", raw, 32, 32, 32, r).param == "rope.start");
    raw.start = 0;
    REQUIRE(make_attention_request(4, 8, 8, "none", raw, 32, 32, 32, r).ok);
    CHECK(r.heads.ropeSpec.dHead == 4);
  }
  SECTION("self-attention counts its projections in the work with heads") {
    SelfAttentionRequest s;
    RawHeadOptions many;
    many.heads = 2;
    const Status work = make_self_attention(2048, 4096, 64, 0, "none", many, 0, s);
    CHECK(work.rule == Rule::work);
  }
}
