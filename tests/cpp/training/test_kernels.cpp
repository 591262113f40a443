// The training kernels (training/kernels.hpp) against plain float64 loops written here from each
// definition: softmax, GELU (tanh form) and its derivative, transpose, and what test_layers.cpp's
// gemm check leaves out (the double overload, a bias passed along with `accumulate`, K = 0). The
// lengths 1, 3, 5, 17 leave a tail after the 4-lane batches, 4 and 8 are whole batches; every output
// buffer has a batch of guard entries past its end that must come back untouched. (test_layers.cpp
// holds the backward formulas to finite differences and the float layers to the double ones; it does
// not hold any of these to its definition.)
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "gradient_check.hpp"
#include "pelab/training/kernels.hpp"

using namespace pelab::training;
using pelab::testing::as;
using pelab::testing::kSentinel;
using pelab::testing::kUnit;
using pelab::testing::kUnit64;
using pelab::testing::normals;
using pelab::testing::rounded;
using pelab::testing::worse;

namespace {

constexpr int kGuard = 4;  // one SIMD batch past the end

const std::vector<int> kLengths{1, 3, 4, 5, 8, 17};

// max |got − want| / max(1, max |want|): testing::relative_difference with a floor of 1 and a NaN kept.
template <typename T>
double relative_error(const std::vector<T>& got, const std::vector<double>& want) {
  double worst = 0, size = 1;
  for (std::size_t i = 0; i < want.size(); ++i) worst = worse(worst, std::fabs(double(got[i]) - want[i]));
  for (double v : want) size = std::max(size, std::fabs(v));
  return worst / size;
}

// n values followed by kGuard sentinels.
template <typename T>
std::vector<T> guarded(const std::vector<double>& v) {
  std::vector<T> out(v.begin(), v.end());
  out.insert(out.end(), kGuard, T(kSentinel));
  return out;
}

template <typename T>
bool guard_intact(const std::vector<T>& v, std::size_t n) {
  for (std::size_t i = n; i < v.size(); ++i)
    if (v[i] != T(kSentinel)) return false;
  return true;
}

std::vector<double> softmax64(const std::vector<double>& x) {
  double peak = x[0], sum = 0;
  for (double v : x) peak = std::max(peak, v);
  std::vector<double> p(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) sum += p[i] = std::exp(x[i] - peak);
  for (double& v : p) v /= sum;
  return p;
}

// GELU as GPT-2 writes it, with tanh (the code under test uses the equivalent sigmoid form), and its
// derivative by hand: ½(1 + tanh u) + ½x(1 − tanh²u)·u′.
constexpr double kRoot2OverPi = 0.79788456080286535588;  // √(2/π)
double gelu64(double x) { return 0.5 * x * (1 + std::tanh(kRoot2OverPi * (x + 0.044715 * x * x * x))); }
double gelu_slope64(double x) {
  const double t = std::tanh(kRoot2OverPi * (x + 0.044715 * x * x * x));
  return 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * kRoot2OverPi * (1 + 3 * 0.044715 * x * x);
}

// Inputs for GELU: its tails (exp(−2u) overflows float below x ≈ −9.5 and double below ≈ −27), zero,
// tiny values, the curved middle, and random ones. Each length takes every rotation of this list, so
// each value lands in every lane of a batch and in the tail.
std::vector<double> gelu_inputs() {
  std::vector<double> v{0, 1e-4, -1e-4, 0.5, -0.5, 1, -1, 2, -2, 3, -3, 5, -5, 9, -9, 10, -10, 30, -30, 100, -100};
  for (double x : normals(17, 30, 3.0)) v.push_back(x);
  return v;
}
std::vector<double> rotation(const std::vector<double>& pool, std::size_t start, int n) {
  std::vector<double> x(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = pool[(start + i) % pool.size()];
  return x;
}

// Scores for softmax: n normals of spread 4, the largest moved to `peakAt` and raised by `lead`, then
// all shifted by `offset` (exp of a raw score overflows when that is large, exp of a score less
// anything but the maximum when `lead` is).
std::vector<double> scores(int n, int peakAt, double lead, double offset, std::uint64_t seed) {
  std::vector<double> x = normals(static_cast<std::size_t>(n), seed, 4.0);
  const auto top = std::max_element(x.begin(), x.end());
  std::iter_swap(top, x.begin() + peakAt);
  x[static_cast<std::size_t>(peakAt)] += lead;
  for (double& v : x) v += offset;
  return x;
}

template <typename T>
void check_softmax(double lead, double offset) {
  const double unit = std::numeric_limits<T>::epsilon() / 2;
  for (int n : kLengths)
    for (int peakAt : {0, n / 2, n - 1}) {
      // The reference takes the inputs as T holds them, so only softmax's own rounding is measured.
      const std::vector<double> x = rounded<T>(scores(n, peakAt, lead, offset, 31 + std::uint64_t(n)));
      const std::vector<double> want = softmax64(x);
      std::vector<T> p = guarded<T>(x);
      softmax(p.data(), n);
      const double peak = x[std::size_t(peakAt)];
      double worst = 0;  // in units of the bound
      for (std::size_t i = 0; i < want.size(); ++i) {
        // x − max rounds to a relative ε·|x − max| of the exponent; exp, the sum of n terms and the
        // scaling add ~(n + 3)ε more. The floor covers weights that underflow in T.
        const double bound = 2 * unit * (n + 3 + std::fabs(x[i] - peak)) * want[i] + std::numeric_limits<T>::min();
        worst = worse(worst, std::fabs(double(p[i]) - want[i]) / bound);
      }
      INFO("n " << n << ", maximum at " << peakAt << ", lead " << lead << ", offset " << offset);
      CHECK(worst <= 1.0);
      CHECK(guard_intact(p, std::size_t(n)));
    }
}

}  // namespace

TEST_CASE("training kernels: softmax equals the float64 softmax at every length, wherever the maximum sits",
          "[training]") {
  SECTION("float, scores of order 1") { check_softmax<float>(3, 0); }
  SECTION("float, scores near 100, whose exp overflows float unless the maximum is subtracted first") {
    check_softmax<float>(3, 100);
  }
  SECTION("float, one score 100 above the rest: only subtracting the true maximum keeps exp finite") {
    check_softmax<float>(100, 0);
  }
  SECTION("double, scores of order 1") { check_softmax<double>(3, 0); }
  SECTION("double, scores near 1000, whose exp overflows double unless the maximum is subtracted first") {
    check_softmax<double>(3, 1000);
  }
  SECTION("double, one score 1000 above the rest: only subtracting the true maximum keeps exp finite") {
    check_softmax<double>(1000, 0);
  }
}

TEST_CASE("training kernels: GELU is GPT-2's tanh approximation, in every lane and in the tail", "[training]") {
  const std::vector<double> pool = gelu_inputs();
  SECTION("float forward") {
    double worst = 0;
    for (int n : kLengths)
      for (std::size_t start = 0; start < pool.size(); ++start) {
        const std::vector<double> x = rounded<float>(rotation(pool, start, n));
        const std::vector<float> in = as<float>(x);
        std::vector<float> out = guarded<float>(std::vector<double>(x.size(), 0.0));
        gelu_forward(out.data(), in.data(), n);
        // x · sigmoid(2u) in float: a few roundings of the gate (exp to ~1 ulp), relative to max(1, |x|);
        // measured 2ε. The erf GELU differs by up to 4.7e-4, 0.0447 for 0.044715 by 8.7e-6.
        for (std::size_t i = 0; i < x.size(); ++i)
          worst = worse(worst, std::fabs(out[i] - gelu64(x[i])) / std::max(1.0, std::fabs(x[i])));
        INFO("n " << n << ", rotation " << start);
        REQUIRE(guard_intact(out, std::size_t(n)));
      }
    CHECK(worst <= 8 * kUnit);
  }
  SECTION("double forward") {
    double worst = 0;
    for (int n : kLengths)
      for (std::size_t start = 0; start < pool.size(); ++start) {
        const std::vector<double> x = rotation(pool, start, n);
        std::vector<double> out(x.size());
        gelu_forward(out.data(), x.data(), n);
        for (std::size_t i = 0; i < x.size(); ++i)
          worst = worse(worst, std::fabs(out[i] - gelu64(x[i])) / std::max(1.0, std::fabs(x[i])));
      }
    // The same roundings at 2^-53 (measured 4e-16); a constant rounded through float errs by ~1e-9.
    CHECK(worst <= 32 * kUnit64);
  }
  SECTION("far in the tails it is x, and 0, exactly: no NaN when exp(−2u) overflows") {
    for (int n : {1, 5}) {
      for (std::size_t start = 0; start < 8; ++start) {
        const std::vector<double> x = rotation({10, -30, 100, -100, 1e4, -1e4, 30, -1e3}, start, n);
        std::vector<float> in = as<float>(x), out(x.size());
        std::vector<double> out64(x.size());
        gelu_forward(out.data(), in.data(), n);
        gelu_forward(out64.data(), x.data(), n);
        for (std::size_t i = 0; i < x.size(); ++i) {
          INFO("x = " << x[i] << ", n " << n);
          CHECK(out[i] == (x[i] > 0 ? in[i] : 0.f));
          CHECK(out64[i] == (x[i] > 0 ? x[i] : 0.0));
        }
      }
    }
  }
}

TEST_CASE("training kernels: GELU's backward adds gelu′(x)·dout to dinp, in every lane and in the tail", "[training]") {
  const std::vector<double> pool = gelu_inputs();
  SECTION("float") {
    double worst = 0;
    for (int n : kLengths)
      for (std::size_t start = 0; start < pool.size(); ++start) {
        const std::vector<double> x = rounded<float>(rotation(pool, start, n));
        const std::vector<double> dout = rounded<float>(normals(std::size_t(n), 32 + start));
        const std::vector<double> before = rounded<float>(normals(std::size_t(n), 33 + start));
        const std::vector<float> in = as<float>(x), fdout = as<float>(dout);
        std::vector<float> dinp = guarded<float>(before);
        gelu_backward(dinp.data(), in.data(), fdout.data(), n);
        // The sigmoid form's 1 − s cancels in float: its absolute error ε times x·2√(2/π)(1 + 0.134x²)
        // peaks near 2e-6 (measured 1.9e-6 over [−12, 12]); then one rounding of the sum. Forgetting
        // to accumulate errs by |dinp|, the erf GELU's slope by up to 8.7e-4, 3·0.044715 written
        // 0.044715 by ~1e-2.
        for (std::size_t i = 0; i < x.size(); ++i) {
          const double want = before[i] + gelu_slope64(x[i]) * dout[i];
          worst = worse(worst, std::fabs(dinp[i] - want) / (1e-5 * std::fabs(dout[i]) + 2 * kUnit * std::fabs(want)));
        }
        INFO("n " << n << ", rotation " << start);
        REQUIRE(guard_intact(dinp, std::size_t(n)));
      }
    CHECK(worst <= 1.0);
  }
  SECTION("double") {
    double worst = 0;
    for (int n : kLengths)
      for (std::size_t start = 0; start < pool.size(); ++start) {
        const std::vector<double> x = rotation(pool, start, n), dout = normals(std::size_t(n), 32 + start),
                                  before = normals(std::size_t(n), 33 + start);
        std::vector<double> dinp = before;
        gelu_backward(dinp.data(), x.data(), dout.data(), n);
        for (std::size_t i = 0; i < x.size(); ++i) {
          const double want = before[i] + gelu_slope64(x[i]) * dout[i];
          worst =
              worse(worst, std::fabs(dinp[i] - want) / (1e-13 * std::fabs(dout[i]) + 2 * kUnit64 * std::fabs(want)));
        }
      }
    // The same cancellation at 2^-53 (measured 1e-14); a constant rounded through float errs by ~1e-8.
    CHECK(worst <= 1.0);
  }
  SECTION("far in the tails the slope is 1, and 0, exactly: no NaN when exp(−2u) overflows") {
    for (int n : {1, 5}) {
      for (std::size_t start = 0; start < 8; ++start) {
        const std::vector<double> x = rotation({10, -30, 100, -100, 1e4, -1e4, 30, -1e3}, start, n);
        const std::vector<float> in = as<float>(x);
        std::vector<float> dinp(x.size(), 0.25f), dout(x.size(), 3.f);
        std::vector<double> dinp64(x.size(), 0.25), dout64(x.size(), 3.0);
        gelu_backward(dinp.data(), in.data(), dout.data(), n);
        gelu_backward(dinp64.data(), x.data(), dout64.data(), n);
        for (std::size_t i = 0; i < x.size(); ++i) {
          INFO("x = " << x[i] << ", n " << n);
          CHECK(dinp[i] == (x[i] > 0 ? 3.25f : 0.25f));
          CHECK(dinp64[i] == (x[i] > 0 ? 3.25 : 0.25));
        }
      }
    }
  }
}

TEST_CASE("training kernels: gemm in double, with a bias and accumulate together, and with K = 0", "[training]") {
  // What test_layers.cpp's float gemm check does not reach. Strided: lda = K + 2, ldb = N + 3,
  // ldc = N + 1, so a stride mixed up with a width shows, and the padding must stay as it was.
  const auto reference = [](const std::vector<double>& a, const std::vector<double>& b,
                            const std::vector<double>& start, const std::vector<double>* bias, bool accumulate, int M,
                            int K, int N) {
    std::vector<double> out = start;
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        double s = accumulate ? start[std::size_t(i * (N + 1) + j)] : bias ? (*bias)[std::size_t(j)] : 0.0;
        for (int k = 0; k < K; ++k) s += a[std::size_t(i * (K + 2) + k)] * b[std::size_t(k * (N + 3) + j)];
        out[std::size_t(i * (N + 1) + j)] = s;
      }
    return out;
  };
  struct Operands {
    std::vector<double> a, b, bias, start;
    Operands(int M, int K, int N)
        : a(rounded<float>(normals(std::size_t(M * (K + 2)), 40))),
          b(rounded<float>(normals(std::size_t(std::max(K, 1) * (N + 3)), 41))),
          bias(rounded<float>(normals(std::size_t(N), 42))),
          start(rounded<float>(normals(std::size_t(M * (N + 1)), 43))) {}
  };
  SECTION("the double overload equals the float64 product in each of its three starts") {
    for (int M : {1, 3, 5, 17})
      for (int K : {1, 3, 8})
        for (int N : {1, 3, 4, 5, 17}) {
          const Operands o(M, K, N);
          for (int mode = 0; mode < 3; ++mode) {  // bias, accumulate, zero
            std::vector<double> out = o.start;
            gemm(o.a.data(), K + 2, o.b.data(), N + 3, out.data(), N + 1, M, K, N, mode == 0 ? o.bias.data() : nullptr,
                 mode == 1);
            INFO("M " << M << " K " << K << " N " << N << " mode " << mode);
            // ≤ 8 products of order 1 summed in double: ~K·2^-53 of the terms, far inside 1e-14.
            CHECK(relative_error(
                      out, reference(o.a, o.b, o.start, mode == 0 ? &o.bias : nullptr, mode == 1, M, K, N)) <= 1e-14);
          }
        }
  }
  SECTION("with a bias and accumulate both given, out's values are the start, on every float tile path") {
    // N = 31 = 16 + 8 + 4 + 3 columns: the 16-, 8- and 4-wide tiles and the scalar columns; M = 5 = 4 + 1
    // and 2 + 2 + 1 rows.
    const int M = 5, K = 3, N = 31;
    const Operands o(M, K, N);
    const std::vector<double> want = reference(o.a, o.b, o.start, nullptr, true, M, K, N);
    const std::vector<float> a = as<float>(o.a), b = as<float>(o.b), bias = as<float>(o.bias);
    std::vector<float> out = as<float>(o.start);
    gemm(a.data(), K + 2, b.data(), N + 3, out.data(), N + 1, M, K, N, bias.data(), true);
    // Float sums of 3 products and the start, against |values| ≲ 4: a few ε; the bias, if added,
    // is off by ~1.
    CHECK(relative_error(out, want) <= 1e-6);
    std::vector<double> out64 = o.start;
    gemm(o.a.data(), K + 2, o.b.data(), N + 3, out64.data(), N + 1, M, K, N, o.bias.data(), true);
    CHECK(relative_error(out64, want) <= 1e-14);
  }
  SECTION("K = 0: out is its start alone (bias, kept values or zero), on every float tile path") {
    const int M = 5, K = 0, N = 31;
    const Operands o(M, K, N);
    for (int mode = 0; mode < 3; ++mode) {
      const std::vector<double> want = reference(o.a, o.b, o.start, mode == 0 ? &o.bias : nullptr, mode == 1, M, K, N);
      const std::vector<float> a = as<float>(o.a), b = as<float>(o.b), bias = as<float>(o.bias);
      std::vector<float> out = as<float>(o.start);
      std::vector<double> out64 = o.start;
      gemm(a.data(), K + 2, b.data(), N + 3, out.data(), N + 1, M, K, N, mode == 0 ? bias.data() : nullptr, mode == 1);
      gemm(o.a.data(), K + 2, o.b.data(), N + 3, out64.data(), N + 1, M, K, N, mode == 0 ? o.bias.data() : nullptr,
           mode == 1);
      INFO("mode " << mode);
      // Nothing is summed: every value is a copy (of a float-exact number), so exactly equal.
      CHECK(relative_error(out, want) == 0.0);
      CHECK(relative_error(out64, want) == 0.0);
    }
  }
}

TEST_CASE("training kernels: transpose puts in[r][c] at out[c][r], reading a strided source", "[training]") {
  for (int rows : {1, 3, 4, 5, 17})
    for (int cols : {1, 3, 4, 5, 17}) {
      const int ldin = cols + 3;
      const std::vector<double> in = normals(std::size_t(rows * ldin), 50);
      std::vector<double> out = guarded<double>(std::vector<double>(std::size_t(rows * cols), kSentinel + 1));
      transpose(in.data(), rows, cols, ldin, out.data());
      bool same = true;  // a copy: exact
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) same = same && out[std::size_t(c * rows + r)] == in[std::size_t(r * ldin + c)];
      INFO("rows " << rows << " cols " << cols);
      CHECK(same);
      CHECK(guard_intact(out, std::size_t(rows * cols)));
    }
}
