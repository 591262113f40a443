// RoPE and ALiBi as the trainer applies them inside attention (training/in_attention.hpp), each
// function against float64 loops written here from the definitions: pair i of a head (dimension i
// with i + hs/2, the 'halves' layout) turned by p·base^(−2i/hs) at position p, and −slope·|t − j|
// added to the score of query t and key j. Head widths 2, 6, 10, 34 give 1, 3, 5, 17 pairs.
// test_layers.cpp already checks the attention these feed (weights against a direct computation,
// causal rows with no weight on later keys, gradients), that the inverse rotation undoes the forward
// one and that a rotated q·k depends only on the offset; none of that is repeated here.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "gradient_check.hpp"
#include "pelab/attention/alibi.hpp"
#include "pelab/encodings/rope.hpp"
#include "pelab/training/in_attention.hpp"

using namespace pelab;
using namespace pelab::training;
using pelab::testing::as;
using pelab::testing::kSentinel;
using pelab::testing::kUnit;
using pelab::testing::normals;
using pelab::testing::rounded;
using pelab::testing::worse;

namespace {

double angle64(int p, int i, int hs, double base) { return p * std::pow(base, -2.0 * i / hs); }

// The trainer's tables (P, hs/2), as model.cpp fills them.
template <typename T>
struct Tables {
  std::vector<T> cos, sin;
  Tables(int P, int hs, double base) : cos(std::size_t(P * hs / 2)), sin(std::size_t(P * hs / 2)) {
    fill_rope_tables(cos.data(), sin.data(), P, hs, base);
  }
};

// len rows of width hs at row stride ld, the padding between them sentinels.
template <typename T>
std::vector<T> strided_rows(int len, int hs, int ld, std::uint64_t seed) {
  const std::vector<double> values = normals(std::size_t(len * hs), seed);
  std::vector<T> x(std::size_t(len * ld), T(kSentinel));
  for (int p = 0; p < len; ++p)
    for (int i = 0; i < hs; ++i) x[std::size_t(p * ld + i)] = T(values[std::size_t(p * hs + i)]);
  return x;
}

struct Comparison {
  double worst = 0;  // in units of the bound
  bool paddingIntact = true;
};

// got (len, hs), row stride ldout, against the definition in float64: pair i of row p of x (stride
// ldx) turned by `sign`·p·θ_i, times scale. The error of each element is measured in units of
// unit·(|a| + |b|)·scale, (a, b) the pair it came from; the padding must still be sentinels.
template <typename T>
Comparison compare_rotation(const std::vector<T>& got, int ldout, const std::vector<T>& x, int ldx, int len, int hs,
                            double base, double sign, double scale, double unit) {
  Comparison c;
  const int half = hs / 2;
  for (int p = 0; p < len; ++p) {
    for (int i = 0; i < half; ++i) {
      const double a = x[std::size_t(p * ldx + i)], b = x[std::size_t(p * ldx + i + half)];
      const double angle = sign * angle64(p, i, hs, base), size = unit * (std::fabs(a) + std::fabs(b)) * scale;
      const double wantA = (a * std::cos(angle) - b * std::sin(angle)) * scale;
      const double wantB = (a * std::sin(angle) + b * std::cos(angle)) * scale;
      c.worst = worse(c.worst, std::fabs(got[std::size_t(p * ldout + i)] - wantA) / size);
      c.worst = worse(c.worst, std::fabs(got[std::size_t(p * ldout + i + half)] - wantB) / size);
    }
    for (int i = hs; i < ldout; ++i)
      c.paddingIntact = c.paddingIntact && got[std::size_t(p * ldout + i)] == T(kSentinel);
  }
  return c;
}

}  // namespace

TEST_CASE("training in-attention: RoPE tables hold cos and sin of p·base^(−2i/hs), position-major, rounded once",
          "[training]") {
  for (double base : {10.0, 10000.0})
    for (int hs : {2, 6, 10, 34})
      for (int P : {1, 5, 300}) {
        const Tables<float> f(P, hs, base);
        const Tables<double> d(P, hs, base);
        double worstFloat = 0, worstDouble = 0;
        for (int p = 0; p < P; ++p)
          for (int i = 0; i < hs / 2; ++i) {
            const std::size_t at = std::size_t(p * (hs / 2) + i);
            const double angle = angle64(p, i, hs, base);
            worstFloat = worse(worse(worstFloat, std::fabs(f.cos[at] - std::cos(angle))),
                               std::fabs(f.sin[at] - std::sin(angle)));
            worstDouble = worse(worse(worstDouble, std::fabs(d.cos[at] - std::cos(angle))),
                                std::fabs(d.sin[at] - std::sin(angle)));
          }
        INFO("base " << base << ", hs " << hs << ", P " << P);
        // Rounded once from double: ≤ half an ulp of a value ≤ 1, 2^-25, plus the double angle's own
        // error (≤ 300 · a few 2^-53). An angle or cosine taken in float errs by ~p·2^-24, 1e-5 at 300.
        CHECK(worstFloat <= kUnit);
        // The double angles differ from this pow by a few ulps, times p ≤ 300; a float angle is ~1e-5 off.
        CHECK(worstDouble <= 1e-12);
      }
}

TEST_CASE("training in-attention: rope_rotate turns pair (i, i + hs/2) of row p by p·θ_i, in place in a strided head",
          "[training]") {
  SECTION("forward (+angle) and inverse (−angle) against float64, the rest of each row untouched") {
    for (int hs : {2, 6, 10, 34})
      for (int len : {1, 3, 17})
        for (bool inverse : {false, true}) {
          const int ld = hs + 5;  // one head's slice of a wider row
          const Tables<float> f(17, hs, 10000.0);
          const Tables<double> d(17, hs, 10000.0);
          const std::vector<float> x = strided_rows<float>(len, hs, ld, 60);
          const std::vector<double> x64 = strided_rows<double>(len, hs, ld, 60);
          std::vector<float> y = x;
          std::vector<double> y64 = x64;
          rope_rotate(y.data(), ld, len, hs, f.cos.data(), f.sin.data(), inverse);
          rope_rotate(y64.data(), ld, len, hs, d.cos.data(), d.sin.data(), inverse);
          const double sign = inverse ? -1 : 1;
          // Float: two rounded products, a rounded sum and tables rounded once: ≤ 3.5ε(|a| + |b|).
          const Comparison cf = compare_rotation(y, ld, x, ld, len, hs, 10000.0, sign, 1.0, 4 * kUnit);
          // Double: the same at 2^-53, plus the table angles' few-ulp difference from this pow (×p ≤ 16).
          const Comparison cd = compare_rotation(y64, ld, x64, ld, len, hs, 10000.0, sign, 1.0, 1e-14);
          INFO("hs " << hs << ", len " << len << (inverse ? ", inverse" : ", forward"));
          CHECK(cf.worst <= 1.0);
          CHECK(cd.worst <= 1.0);
          CHECK(cf.paddingIntact);
          CHECK(cd.paddingIntact);
        }
  }
  SECTION("in float, each pair keeps its length at every position up to 300") {
    // A rotation only if cos and sin belong to one angle: a pair whose tables disagree, or a sign
    // flipped in one half, stretches it.
    const int hs = 34, P = 300;
    const Tables<float> f(P, hs, 10000.0);
    std::vector<float> y = strided_rows<float>(P, hs, hs, 61);
    const std::vector<float> x = y;
    rope_rotate(y.data(), hs, P, hs, f.cos.data(), f.sin.data(), false);
    double worst = 0;
    for (int p = 0; p < P; ++p)
      for (int i = 0; i < hs / 2; ++i) {
        const auto sq = [&](const std::vector<float>& v) {
          const double a = v[std::size_t(p * hs + i)], b = v[std::size_t(p * hs + i + hs / 2)];
          return a * a + b * b;
        };
        worst = worse(worst, std::fabs(sq(y) - sq(x)) / sq(x));
      }
    // Each component within 3.5ε·√2·r of the exact one, so r² within 2·√2r·3.5√2εr = 14εr².
    CHECK(worst <= 14 * kUnit);
  }
  SECTION("in float, the same rotation as the lab's apply_rope ('halves') shows") {
    const int hs = 10, P = 300;
    const Tables<float> f(P, hs, 10000.0);
    std::vector<float> y = strided_rows<float>(P, hs, hs, 62);
    for (float& v : y) v = std::tanh(v);  // apply_rope's accuracy is stated for |x| ≤ 1
    std::vector<float> lab = y;
    rope_rotate(y.data(), hs, P, hs, f.cos.data(), f.sin.data(), false);
    RopeSpec spec;
    spec.dHead = spec.rotaryDims = hs;
    apply_rope(spec, lab.data(), P);
    double worst = 0;
    for (std::size_t i = 0; i < y.size(); ++i) worst = worse(worst, std::fabs(double(y[i]) - lab[i]));
    // apply_rope's stated 2e-6 against float64, plus this rotation's own ≤ 3.5ε·2: together < 3e-6.
    // Turning the other way, or pairing 2i with 2i + 1, moves values by ~1.
    CHECK(worst <= 3e-6);
  }
}

TEST_CASE("training in-attention: rope_rotate_copy writes the scaled rotation of a strided source", "[training]") {
  // The source is a q or k slice of a qkv row (stride 3·hs + 1 here), the output a scratch block with
  // its own stride; scale 1/√hs is how the keys come pre-scaled.
  for (int hs : {2, 6, 10, 34})
    for (int len : {1, 5, 17})
      for (bool scaled : {false, true}) {
        const int ldx = 3 * hs + 1, ldout = hs + 2;
        const double scale = scaled ? 1 / std::sqrt(double(hs)) : 1.0;
        const Tables<float> f(17, hs, 10.0);
        const Tables<double> d(17, hs, 10.0);
        const std::vector<float> x = strided_rows<float>(len, hs, ldx, 70);
        const std::vector<double> x64 = strided_rows<double>(len, hs, ldx, 70);
        std::vector<float> out(std::size_t(len * ldout), float(kSentinel));
        std::vector<double> out64(std::size_t(len * ldout), kSentinel);
        rope_rotate_copy(out.data(), ldout, x.data(), ldx, len, hs, f.cos.data(), f.sin.data(), float(scale));
        rope_rotate_copy(out64.data(), ldout, x64.data(), ldx, len, hs, d.cos.data(), d.sin.data(), scale);
        // As rope_rotate, with one more rounding for the scale (itself rounded to float once).
        const Comparison cf = compare_rotation(out, ldout, x, ldx, len, hs, 10.0, 1.0, scale, 5 * kUnit);
        const Comparison cd = compare_rotation(out64, ldout, x64, ldx, len, hs, 10.0, 1.0, scale, 1e-14);
        INFO("hs " << hs << ", len " << len << ", scale " << scale);
        CHECK(cf.worst <= 1.0);
        CHECK(cd.worst <= 1.0);
        CHECK(cf.paddingIntact);
        CHECK(cd.paddingIntact);
      }
}

TEST_CASE("training in-attention: alibi_add adds −slope·|t − j| to the score of query t and key j", "[training]") {
  // The slopes of 16 heads, 2^(−k/2): the odd k are not powers of two, so their products round.
  const std::vector<double> slopes = alibi_slopes(16);
  SECTION("from zero scores: exactly −slope·|t − j| rounded once, the bias the lab's alibi_bias gives") {
    for (double slope64 : slopes)
      for (int len : {1, 3, 4, 5, 17}) {
        const float slope = float(slope64);
        std::vector<float> s(std::size_t(len * len), 0.f);
        std::vector<double> s64(std::size_t(len * len), 0.0);
        alibi_add(s.data(), len, slope);
        alibi_add(s64.data(), len, slope64);
        bool exact = true, exact64 = true, lab = true;
        for (int t = 0; t < len; ++t)
          for (int j = 0; j < len; ++j) {
            // slope (24 bits) × |t − j| (≤ 5 bits) is exact in double: its float is the one rounding.
            const double bias = -double(slope) * std::abs(t - j);
            exact = exact && s[std::size_t(t * len + j)] == float(bias);
            exact64 = exact64 && s64[std::size_t(t * len + j)] == -slope64 * std::abs(t - j);
            lab = lab && s[std::size_t(t * len + j)] == alibi_bias(double(slope), t, j);
          }
        INFO("slope " << slope64 << ", len " << len);
        CHECK(exact);
        CHECK(exact64);
        CHECK(lab);
      }
  }
  SECTION("on existing scores it adds to them rather than replacing them") {
    for (int len : {1, 3, 4, 5, 17}) {
      const double slope64 = slopes[0];  // 2^(−1/2)
      const float slope = float(slope64);
      const std::vector<double> start = rounded<float>(normals(std::size_t(len * len), 80));
      std::vector<float> s = as<float>(start);
      std::vector<double> s64 = start;
      alibi_add(s.data(), len, slope);
      alibi_add(s64.data(), len, slope64);
      double worst = 0, worst64 = 0;
      for (int t = 0; t < len; ++t)
        for (int j = 0; j < len; ++j) {
          const std::size_t at = std::size_t(t * len + j);
          const double size = std::fabs(start[at]) + slope64 * std::abs(t - j);
          // Float: the product and the sum each rounded once, ≤ 2ε of the terms; double alike.
          worst = worse(worst, std::fabs(s[at] - (start[at] - double(slope) * std::abs(t - j))) / (2 * kUnit * size));
          worst64 = worse(worst64, std::fabs(s64[at] - (start[at] - slope64 * std::abs(t - j))) / (0x1.0p-52 * size));
        }
      INFO("len " << len);
      CHECK(worst <= 1.0);
      CHECK(worst64 <= 1.0);
    }
  }
}
