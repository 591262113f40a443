// Every layer's backward function against central finite differences, in double, and the float build
// of the same layer (SIMD kernels) against the double one. Objective: Σ out · g for a random upstream
// gradient g, so dout = g and every input's gradient is checked, not only some combination of them.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "gradient_check.hpp"
#include "pelab/attention/alibi.hpp"
#include "pelab/training/kernels.hpp"
#include "pelab/training/layers.hpp"

using namespace pelab;
using namespace pelab::training;
using pelab::testing::as;
using pelab::testing::normals;

namespace {

// Float against double, relative to each tensor's largest magnitude: forward outputs and gradients
// within 2e-6 (inputs are the same numbers rounded to float; measured at most 2e-7).
constexpr double kFloatForward = 2e-6;
constexpr double kFloatGradient = 2e-6;

// Sequences of the given lengths packed back to back, with attention offsets for `heads` heads.
struct Packed {
  std::vector<int> rows{0}, attention{0};
  Packed(std::vector<int> lengths, int heads) {
    for (int t : lengths) {
      rows.push_back(rows.back() + t);
      attention.push_back(attention.back() + heads * t * t);
    }
  }
  Packing packing() const { return {static_cast<int>(rows.size()) - 1, rows.data(), attention.data()}; }
  int total() const { return rows.back(); }
};

template <typename T>
struct LayerCase {
  std::vector<std::string> names;  // of the inputs whose gradients are checked
  std::vector<std::vector<T>> inputs;
  std::vector<T> out, g;  // output and upstream gradient, the same size
  void add(const char* name, std::size_t n, std::uint64_t seed, double scale = 1.0) {
    names.emplace_back(name);
    inputs.push_back(as<T>(normals(n, seed, scale)));
  }
  void outputs(std::size_t n) {
    out.assign(n, T(0));
    g = as<T>(normals(n, 99));
  }
  T* in(std::size_t i) { return inputs[i].data(); }
};

template <typename T>
struct EncoderCase : LayerCase<T> {
  static constexpr int V = 5, C = 6, P = 9;
  Packed pk{{3, 5, 2}, 1};
  std::vector<int> tokens{0, 4, 2, 1, 1, 3, 0, 4, 2, 2};
  EncoderCase() { this->add("wte", V * C, 1), this->add("wpe", P * C, 2), this->outputs(std::size_t(pk.total()) * C); }
  void forward() { encoder_forward(this->out.data(), tokens.data(), this->in(0), this->in(1), pk.packing(), C); }
  void backward(std::vector<std::vector<T>>& d) {
    encoder_backward(d[0].data(), d[1].data(), this->g.data(), tokens.data(), pk.packing(), C);
  }
};

// C = 7 and 18: the float row kernels' four-lane batches with a tail of 3 and of 2.
template <typename T, int C>
struct LayerNormCase : LayerCase<T> {
  static constexpr int N = 6;
  std::vector<T> mean = std::vector<T>(N), rstd = std::vector<T>(N);
  LayerNormCase() {
    this->add("inp", N * C, 3, 2.0), this->add("weight", C, 4), this->add("bias", C, 5), this->outputs(N * C);
  }
  void forward() {
    layernorm_forward(this->out.data(), mean.data(), rstd.data(), this->in(0), this->in(1), this->in(2), N, C);
  }
  void backward(std::vector<std::vector<T>>& d) {
    layernorm_backward(d[0].data(), d[1].data(), d[2].data(), this->g.data(), this->in(0), this->in(1), mean.data(),
                       rstd.data(), N, C);
  }
};

template <typename T>
using LayerNorm7 = LayerNormCase<T, 7>;
template <typename T>
using LayerNorm18 = LayerNormCase<T, 18>;

template <typename T>
struct RmsNormCase : LayerCase<T> {
  static constexpr int N = 6, C = 7;
  std::vector<T> rstd = std::vector<T>(N);
  RmsNormCase() { this->add("inp", N * C, 6, 2.0), this->add("weight", C, 7), this->outputs(N * C); }
  void forward() { rmsnorm_forward(this->out.data(), rstd.data(), this->in(0), this->in(1), N, C); }
  void backward(std::vector<std::vector<T>>& d) {
    rmsnorm_backward(d[0].data(), d[1].data(), this->g.data(), this->in(0), this->in(1), rstd.data(), N, C);
  }
};

// Shapes that reach every path of gemm: 16-, 8- and 4-column tiles, the scalar columns, odd row counts.
template <typename T, int N, int C, int OC>
struct MatmulCase : LayerCase<T> {
  std::vector<T> scratch = std::vector<T>(std::max(C * N, C* OC));
  MatmulCase() {
    this->add("inp", N * C, 8), this->add("weight", C * OC, 9, 0.5), this->add("bias", OC, 10), this->outputs(N * OC);
  }
  void forward() { matmul_forward(this->out.data(), this->in(0), this->in(1), this->in(2), N, C, OC); }
  void backward(std::vector<std::vector<T>>& d) {
    matmul_backward(d[0].data(), d[1].data(), d[2].data(), this->g.data(), this->in(0), this->in(1), N, C, OC,
                    scratch.data());
  }
};
template <typename T>
using MatmulOdd = MatmulCase<T, 7, 9, 31>;  // 31 = 16 + 8 + 4 + 3
template <typename T>
using MatmulQkv = MatmulCase<T, 13, 16, 48>;

enum class Inside { plain, rope, alibi };

// Tables for the attention cases: RoPE at base 10 (so every pair turns by a visible angle over 9
// positions) for heads of 4, ALiBi's slopes for 2 heads.
template <typename T>
struct InsideTables {
  static constexpr int P = 9, hs = 4;
  std::vector<T> cos = std::vector<T>(P * hs / 2), sin = std::vector<T>(P * hs / 2), slopes;
  InsideTables() {
    fill_rope_tables(cos.data(), sin.data(), P, hs, 10.0);
    for (double s : alibi_slopes(2)) slopes.push_back(T(s));
  }
  InAttention<T> of(Inside inside) const {
    InAttention<T> a;
    if (inside == Inside::rope) a.ropeCos = cos.data(), a.ropeSin = sin.data();
    if (inside == Inside::alibi) a.alibiSlopes = slopes.data();
    return a;
  }
};

template <typename T, bool Causal, Inside In = Inside::plain>
struct AttentionCase : LayerCase<T> {
  static constexpr int C = 8, NH = 2;
  Packed pk{{5, 3, 9}, NH};
  InsideTables<T> tables;
  std::vector<T> att, scratch = std::vector<T>(std::size_t(attention_scratch(9, C, NH)));
  AttentionCase() {
    this->add("qkv", std::size_t(pk.total()) * 3 * C, 11), this->outputs(std::size_t(pk.total()) * C);
    att.assign(std::size_t(pk.attention.back()), T(0));
  }
  void forward() {
    attention_forward(this->out.data(), att.data(), this->in(0), pk.packing(), C, NH, Causal, scratch.data(),
                      tables.of(In));
  }
  void backward(std::vector<std::vector<T>>& d) {
    attention_backward(d[0].data(), this->g.data(), this->in(0), att.data(), pk.packing(), C, NH, scratch.data(),
                       tables.of(In));
  }
};
template <typename T>
using Bidirectional = AttentionCase<T, false>;
template <typename T>
using Causal = AttentionCase<T, true>;
template <typename T>
using RopeBidirectional = AttentionCase<T, false, Inside::rope>;
template <typename T>
using RopeCausal = AttentionCase<T, true, Inside::rope>;
template <typename T>
using AlibiBidirectional = AttentionCase<T, false, Inside::alibi>;
template <typename T>
using AlibiCausal = AttentionCase<T, true, Inside::alibi>;

template <typename T>
struct ResidualCase : LayerCase<T> {
  ResidualCase() { this->add("a", 11, 12), this->add("b", 11, 13), this->outputs(11); }
  void forward() { residual_forward(this->out.data(), this->in(0), this->in(1), 11); }
  void backward(std::vector<std::vector<T>>& d) { residual_backward(d[0].data(), d[1].data(), this->g.data(), 11); }
};

template <typename T>
struct GeluCase : LayerCase<T> {
  GeluCase() { this->add("inp", 37, 14, 2.0), this->outputs(37); }
  void forward() { gelu_layer_forward(this->out.data(), this->in(0), 37); }
  void backward(std::vector<std::vector<T>>& d) { gelu_layer_backward(d[0].data(), this->in(0), this->g.data(), 37); }
};

template <typename T>
struct ReluCase : LayerCase<T> {
  ReluCase() { this->add("inp", 37, 15, 2.0), this->outputs(37); }
  void forward() { relu_forward(this->out.data(), this->in(0), 37); }
  void backward(std::vector<std::vector<T>>& d) { relu_backward(d[0].data(), this->in(0), this->g.data(), 37); }
};

template <typename T, bool Mean>
struct PoolCase : LayerCase<T> {
  static constexpr int C = 5;
  Packed pk{{4, 1, 6}, 1};
  PoolCase() { this->add("inp", std::size_t(pk.total()) * C, 16), this->outputs(3 * C); }
  void forward() {
    if (Mean) mean_pool_forward(this->out.data(), this->in(0), pk.packing(), C);
    else first_row_forward(this->out.data(), this->in(0), pk.packing(), C);
  }
  void backward(std::vector<std::vector<T>>& d) {
    if (Mean) mean_pool_backward(d[0].data(), this->g.data(), pk.packing(), C);
    else first_row_backward(d[0].data(), this->g.data(), pk.packing(), C);
  }
};
template <typename T>
using MeanPool = PoolCase<T, true>;
template <typename T>
using FirstRow = PoolCase<T, false>;

// The objective is the mean loss: out = losses (B), g = 1/B each, the dloss the model passes.
template <typename T>
struct CrossEntropyCase : LayerCase<T> {
  static constexpr int B = 4, K = 2;
  std::vector<int> labels{0, 1, 1, 0};
  std::vector<T> probs = std::vector<T>(B * K);
  CrossEntropyCase() {
    this->add("logits", B * K, 17, 2.0), this->outputs(B);
    this->g.assign(B, T(1) / T(B));
  }
  void forward() { crossentropy_forward(this->out.data(), probs.data(), this->in(0), labels.data(), B, K); }
  void backward(std::vector<std::vector<T>>& d) {
    crossentropy_backward(d[0].data(), probs.data(), labels.data(), T(1) / T(B), B, K);
  }
};

template <typename Case>
double objective(Case& c) {
  c.forward();
  double sum = 0;
  for (std::size_t i = 0; i < c.out.size(); ++i) sum += double(c.out[i]) * double(c.g[i]);
  return sum;
}

template <typename Case, typename T>
std::vector<std::vector<T>> gradients(Case& c) {
  c.forward();
  std::vector<std::vector<T>> d;
  for (auto& x : c.inputs) d.emplace_back(x.size(), T(0));
  c.backward(d);
  return d;
}

template <template <typename> class Case>
void check_layer() {
  Case<double> exact;
  const auto analytic = gradients<Case<double>, double>(exact);
  int checked = 0, expected = 0;
  for (std::size_t t = 0; t < exact.inputs.size(); ++t) {
    expected += static_cast<int>(std::min<std::size_t>(exact.inputs[t].size(), 40));
    auto& x = exact.inputs[t];
    const auto m = testing::check_gradient(
        x.data(), x.size(), analytic[t].data(), [&] { return objective(exact); }, 40, testing::kDoubleGradient,
        checked);
    INFO(exact.names[t] << "[" << m.index << "]: numeric " << m.numeric << ", analytic " << m.analytic);
    CHECK_FALSE(m.found);
  }
  CHECK(checked == expected);

  Case<float> fast;
  const auto fastGradients = gradients<Case<float>, float>(fast);
  exact.forward();
  CHECK(testing::relative_difference(fast.out, exact.out) <= kFloatForward);
  for (std::size_t t = 0; t < analytic.size(); ++t) {
    INFO("float gradient of " << exact.names[t]);
    CHECK(testing::relative_difference(fastGradients[t], analytic[t]) <= kFloatGradient);
  }
}

}  // namespace

TEST_CASE("training layers: encoder backward matches finite differences", "[training][gradients]") {
  check_layer<EncoderCase>();
}
TEST_CASE("training layers: layernorm backward matches finite differences", "[training][gradients]") {
  check_layer<LayerNorm7>();
  check_layer<LayerNorm18>();
}
TEST_CASE("training layers: rmsnorm backward matches finite differences", "[training][gradients]") {
  check_layer<RmsNormCase>();
}
TEST_CASE("training layers: matmul backward matches finite differences", "[training][gradients]") {
  check_layer<MatmulOdd>();
  check_layer<MatmulQkv>();
}
TEST_CASE("training layers: attention backward matches finite differences, packed sequences", "[training][gradients]") {
  check_layer<Bidirectional>();
  check_layer<Causal>();
}
TEST_CASE("training layers: attention with RoPE and with ALiBi, backward matches finite differences",
          "[training][gradients]") {
  check_layer<RopeBidirectional>();
  check_layer<RopeCausal>();
  check_layer<AlibiBidirectional>();
  check_layer<AlibiCausal>();
}

TEST_CASE("training layers: RoPE and ALiBi weights match a direct float64 computation", "[training]") {
  // Each head's scores written out from the definitions: q and k of position p turned pair by pair
  // (i with i + hs/2) by p·10^(−2i/hs), or −slope·|t − j| added; then the softmax over visible keys.
  for (Inside inside : {Inside::rope, Inside::alibi})
    for (bool causal : {false, true}) {
      AttentionCase<double, false, Inside::plain> data;  // its qkv and packing
      const InsideTables<double> tables;
      std::vector<double> att(data.att.size()), scratch(data.scratch.size()), out(data.out.size());
      attention_forward(out.data(), att.data(), data.in(0), data.pk.packing(), 8, 2, causal, scratch.data(),
                        tables.of(inside));
      const std::vector<double> slopes = alibi_slopes(2);
      double worst = 0;
      for (int b = 0; b < 3; ++b) {
        const int T = data.pk.rows[b + 1] - data.pk.rows[b];
        for (int h = 0; h < 2; ++h) {
          const auto turned = [&](int row, int part, int p) {  // part 0: q, 1: k
            const double* x = data.in(0) + (data.pk.rows[b] + row) * 24 + part * 8 + h * 4;
            std::vector<double> r(x, x + 4);
            if (inside != Inside::rope) return r;
            for (int i = 0; i < 2; ++i) {
              const double angle = p * std::pow(10.0, -2.0 * i / 4);
              r[std::size_t(i)] = x[i] * std::cos(angle) - x[i + 2] * std::sin(angle);
              r[std::size_t(i + 2)] = x[i] * std::sin(angle) + x[i + 2] * std::cos(angle);
            }
            return r;
          };
          for (int t = 0; t < T; ++t) {
            const int visible = causal ? t + 1 : T;
            std::vector<double> score(static_cast<std::size_t>(visible));
            double most = -1e300, sum = 0;
            for (int j = 0; j < visible; ++j) {
              const auto q = turned(t, 0, t), k = turned(j, 1, j);
              double dot = 0;
              for (int i = 0; i < 4; ++i) dot += q[std::size_t(i)] * k[std::size_t(i)];
              score[std::size_t(j)] =
                  dot / 2.0 - (inside == Inside::alibi ? slopes[std::size_t(h)] * std::abs(t - j) : 0);
              most = std::max(most, score[std::size_t(j)]);
            }
            for (double& v : score) sum += (v = std::exp(v - most));
            for (int j = 0; j < T; ++j) {
              const double want = j < visible ? score[std::size_t(j)] / sum : 0.0;
              worst = std::max(worst, std::fabs(att[std::size_t(data.pk.attention[b] + (h * T + t) * T + j)] - want));
            }
          }
        }
      }
      INFO((inside == Inside::rope ? "rope" : "alibi") << (causal ? ", causal" : ", bidirectional"));
      CHECK(worst <= 1e-14);
    }
}

TEST_CASE("training layers: RoPE's inverse rotation undoes it, and scores depend only on the offset", "[training]") {
  InsideTables<double> tables;
  std::vector<double> x = normals(9 * 4, 40), y = x;
  rope_rotate(y.data(), 4, 9, 4, tables.cos.data(), tables.sin.data(), false);
  rope_rotate(y.data(), 4, 9, 4, tables.cos.data(), tables.sin.data(), true);
  CHECK(testing::relative_difference(y, x) <= 1e-15);
  // One q and one k placed at every position: R(m)q · R(n)k depends on m − n only.
  std::vector<double> q(9 * 4), k(9 * 4);
  for (int p = 0; p < 9; ++p)
    for (int i = 0; i < 4; ++i)
      q[std::size_t(p * 4 + i)] = x[std::size_t(i)], k[std::size_t(p * 4 + i)] = x[std::size_t(4 + i)];
  rope_rotate(q.data(), 4, 9, 4, tables.cos.data(), tables.sin.data(), false);
  rope_rotate(k.data(), 4, 9, 4, tables.cos.data(), tables.sin.data(), false);
  const auto dot = [&](int m, int n) {
    double s = 0;
    for (int i = 0; i < 4; ++i) s += q[std::size_t(m * 4 + i)] * k[std::size_t(n * 4 + i)];
    return s;
  };
  for (int m = 2; m < 9; ++m) CHECK(dot(m, m - 2) == Approx(dot(2, 0)).epsilon(1e-12));
  CHECK(std::fabs(dot(3, 1) - dot(3, 0)) > 1e-3);  // and it does depend on the offset
}
TEST_CASE("training layers: residual, GELU and ReLU backward match finite differences", "[training][gradients]") {
  check_layer<ResidualCase>();
  check_layer<GeluCase>();
  check_layer<ReluCase>();
}
TEST_CASE("training layers: readouts and cross-entropy backward match finite differences", "[training][gradients]") {
  check_layer<MeanPool>();
  check_layer<FirstRow>();
  check_layer<CrossEntropyCase>();
}

TEST_CASE("training layers: causal attention puts no weight on later keys, and each row sums to 1", "[training]") {
  Causal<float> c;
  c.forward();
  for (int b = 0; b < 3; ++b) {
    const int T = c.pk.rows[b + 1] - c.pk.rows[b];
    for (int h = 0; h < 2; ++h)
      for (int t = 0; t < T; ++t) {
        const float* row = c.att.data() + c.pk.attention[b] + (h * T + t) * T;
        double sum = 0;
        for (int j = 0; j < T; ++j) sum += row[j];
        CHECK(sum == Approx(1.0).epsilon(1e-6));
        for (int j = t + 1; j < T; ++j) CHECK(row[j] == 0.0f);
      }
  }
}

TEST_CASE("training kernels: gemm matches a double product for every shape path and stride", "[training]") {
  for (int M : {1, 2, 3, 5}) {
    for (int K : {1, 4, 7}) {
      for (int N : {1, 3, 4, 8, 13, 16, 29, 48}) {
        const int lda = K + 2, ldb = N + 3, ldc = N + 1;
        const auto a = normals(std::size_t(M * lda), 20), b = normals(std::size_t(K * ldb), 21),
                   bias = normals(std::size_t(N), 22), start = normals(std::size_t(M * ldc), 23);
        for (int mode = 0; mode < 3; ++mode) {  // bias, accumulate, zero start
          std::vector<float> out = as<float>(start);
          std::vector<double> expect = start;
          const auto fa = as<float>(a), fb = as<float>(b), fbias = as<float>(bias);
          gemm(fa.data(), lda, fb.data(), ldb, out.data(), ldc, M, K, N, mode == 0 ? fbias.data() : nullptr, mode == 1);
          for (int i = 0; i < M; ++i)
            for (int j = 0; j < N; ++j) {
              double s = mode == 1   ? double(float(start[std::size_t(i * ldc + j)]))
                         : mode == 0 ? double(float(bias[std::size_t(j)]))
                                     : 0.0;
              for (int k = 0; k < K; ++k)
                s += double(fa[std::size_t(i * lda + k)]) * double(fb[std::size_t(k * ldb + j)]);
              expect[std::size_t(i * ldc + j)] = s;
            }
          INFO("M " << M << " K " << K << " N " << N << " mode " << mode);
          CHECK(testing::relative_difference(out, expect) <= 1e-6);  // also: the padding between rows untouched
        }
      }
    }
  }
}

TEST_CASE("training kernels: gemm_at is gemm on the transposed copy, bit for bit, in float and in double",
          "[training]") {
  // a stored as (K, M) with row stride M + 2, read in place as (M, K); against transpose() into a copy then
  // gemm(): the same products summed in the same order, so exactly equal, the padding of out untouched.
  const auto check = [](auto zero) {
    using T = decltype(zero);
    for (int M : {1, 2, 3, 5})
      for (int K : {1, 4, 7})
        for (int N : {1, 3, 4, 8, 13, 16, 29, 48}) {
          const int lda = M + 2, ldb = N + 3, ldc = N + 1;
          const auto a = as<T>(normals(std::size_t(K * lda), 24)), b = as<T>(normals(std::size_t(K * ldb), 25));
          const auto start = as<T>(normals(std::size_t(M * ldc), 26));
          std::vector<T> copy(std::size_t(M * K));
          transpose(a.data(), K, M, lda, copy.data());
          for (const bool accumulate : {false, true}) {
            std::vector<T> got = start, want = start;
            gemm_at(a.data(), lda, b.data(), ldb, got.data(), ldc, M, K, N, accumulate);
            gemm(copy.data(), K, b.data(), ldb, want.data(), ldc, M, K, N, nullptr, accumulate);
            INFO("M " << M << " K " << K << " N " << N << " accumulate " << accumulate);
            CHECK(got == want);
          }
        }
  };
  SECTION("float") { check(0.f); }
  SECTION("double") { check(0.0); }
}
