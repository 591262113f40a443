// The "attainable" figure of the benchmark (issue #23): a register-blocked single-threaded SGEMM,
// C = A·B on row-major floats, written with the core's SIMD type (xsimd's SSE4.1 batch, which Emscripten
// maps onto wasm SIMD128), timed at the shapes of the trainer's matrix products for the default model
// and at 512 × 512 × 512; and, in the same process, the core's training step itself (the default model,
// order task, sinusoidal arm), so that the two terms of tests/bench/sgemm.mjs's ratio are timed side by
// side: in `rounds` rounds, each timing every shape and then the step, for lengths 8–16 and for 16.
// Every SGEMM result is checked against a naive triple loop first; a wrong one exits 1.
// Prints one JSON object. Usage: pelab_sgemm_bench [reps, at least 15] [rounds, at least 3; 5]
#include <xsimd/xsimd.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "pelab/training/spec.hpp"
#include "pelab/training/trainer.hpp"

namespace {

using fbatch = xsimd::batch<float, xsimd::sse4_1>;
constexpr int W = static_cast<int>(fbatch::size);
template <typename T>
using aligned_vector = std::vector<T, xsimd::aligned_allocator<T, 16>>;

// The micro-kernel's tile: MR rows × NR columns of C held in MR · NR/W = 8 accumulators, two more vectors for
// B's row and one for A's broadcast. V8 maps wasm SIMD onto x86-64's 16 vector registers; here 5 × 8 and
// 6 × 8 tiles (10 and 12 accumulators) ran the step's products at 0.5–0.8× this one's FLOP-weighted rate
// under Node, 3 × 8 at 0.7–1.0× (two runs each).
constexpr int MR = 4, NR = 2 * W;
// Depth of one pass: a packed B panel of KC × NR floats (8 KB) stays in L1 while every A panel streams past.
constexpr int KC = 256;

// B rows k0 … k0+kc-1 as panels of NR columns, each kc × NR contiguous; columns past N are zeros, so the
// kernel never branches on the edge.
void pack_b(const float* b, int ldb, int k0, int kc, int N, float* packed) {
  for (int j0 = 0; j0 < N; j0 += NR)
    for (int k = 0; k < kc; ++k, packed += NR) {
      const float* row = b + (k0 + k) * ldb + j0;
      if (j0 + NR <= N) {
        fbatch::load_unaligned(row).store_aligned(packed);
        fbatch::load_unaligned(row + W).store_aligned(packed + W);
      } else {
        for (int j = 0; j < NR; ++j) packed[j] = j0 + j < N ? row[j] : 0.f;
      }
    }
}

// A's columns k0 … k0+kc-1 as panels of MR rows, column by column (the MR values one step of the kernel
// broadcasts are adjacent); rows past M are zeros.
void pack_a(const float* a, int lda, int k0, int kc, int M, float* packed) {
  for (int i0 = 0; i0 < M; i0 += MR) {
    const int rows = std::min(MR, M - i0);
    for (int k = 0; k < kc; ++k, packed += MR) {
      for (int i = 0; i < rows; ++i) packed[i] = a[(i0 + i) * lda + k0 + k];
      for (int i = rows; i < MR; ++i) packed[i] = 0.f;
    }
  }
}

// The MR × NR tile of C at c (row stride ldc) = Σ over kc of A panel column ⊗ B panel row, plus its
// current values when `add` (a later pass over K): each load of B serves MR rows, each broadcast of A two
// batches. A tile that C's edge cuts goes through `spill` and only its part inside C is written.
void micro_kernel(const float* ap, const float* bp, int kc, float* c, int ldc, int rows, int cols, bool add,
                  float* spill) {
  fbatch acc[MR][2];
  for (int r = 0; r < MR; ++r) acc[r][0] = acc[r][1] = fbatch(0.f);
  for (int k = 0; k < kc; ++k, ap += MR, bp += NR) {
    const fbatch b0 = fbatch::load_aligned(bp), b1 = fbatch::load_aligned(bp + W);
    for (int r = 0; r < MR; ++r) {
      const fbatch x(ap[r]);
      acc[r][0] = xsimd::fma(x, b0, acc[r][0]);
      acc[r][1] = xsimd::fma(x, b1, acc[r][1]);
    }
  }
  const bool whole = rows == MR && cols == NR;
  float* out = whole ? c : spill;
  const int ld = whole ? ldc : NR;
  for (int r = 0; r < MR; ++r) {
    if (add && whole) {
      acc[r][0] += fbatch::load_unaligned(out + r * ld);
      acc[r][1] += fbatch::load_unaligned(out + r * ld + W);
    }
    acc[r][0].store_unaligned(out + r * ld);
    acc[r][1].store_unaligned(out + r * ld + W);
  }
  if (whole) return;
  for (int r = 0; r < rows; ++r)
    for (int j = 0; j < cols; ++j) c[r * ldc + j] = (add ? c[r * ldc + j] : 0.f) + spill[r * NR + j];
}

// Buffers of one shape, allocated once so the timed calls allocate nothing.
struct Packs {
  aligned_vector<float> a, b;
  Packs(int M, int K, int N)
      : a(std::size_t((M + MR - 1) / MR * MR) * std::size_t(std::min(K, KC))),
        b(std::size_t((N + NR - 1) / NR * NR) * std::size_t(std::min(K, KC))) {}
};

// c (M × N, row stride ldc) = a (M × K) · b (K × N), in passes of KC rows of B.
void sgemm(const float* a, int lda, const float* b, int ldb, float* c, int ldc, int M, int K, int N, Packs& packs) {
  alignas(16) float spill[MR * NR];
  for (int k0 = 0; k0 < K; k0 += KC) {
    const int kc = std::min(KC, K - k0);
    pack_b(b, ldb, k0, kc, N, packs.b.data());
    pack_a(a, lda, k0, kc, M, packs.a.data());
    for (int j0 = 0; j0 < N; j0 += NR)
      for (int i0 = 0; i0 < M; i0 += MR)
        micro_kernel(packs.a.data() + std::size_t(i0) * kc, packs.b.data() + std::size_t(j0) * kc, kc,
                     c + i0 * ldc + j0, ldc, std::min(MR, M - i0), std::min(NR, N - j0), k0 > 0, spill);
  }
}

// --- the shapes ------------------------------------------------------------------------------------

// The trainer's default model (cpp/src/training/spec.cpp; main() checks these against the spec it builds):
// batch 32, dModel 16, 2 heads, MLP hidden 32, 1 layer, 2 classes.
constexpr int kBatch = 32, kC = 16, kHeads = 2, kHidden = 32, kClasses = 2, kMinLength = 8, kMaxLength = 16;
constexpr int kHeadSize = kC / kHeads;

struct Shape {
  const char* role;
  int m, k, n;
  double callsPerStep;
  bool perSequence;     // an attention product, one per head and sequence: L × 8 × L or L × L × 8
  double flopsPerStep;  // 2·m·k·n·calls; for the attention products, with the mean of L² for L²
};

// Every gemm() of one training step (model.cpp, layers.cpp: forward, then backward), grouped by shape,
// for packed batches of `rows` rows whose sequences are `length` long; `meanSquare` is the mean of
// length² (the attention products' FLOPs go with it). Listed by a native build of the trainer
// instrumented to log every gemm() call.
std::vector<Shape> step_shapes(int rows, int length, double meanSquare) {
  const int R = rows, L = length, C = kC, H = kHidden;
  const double heads = kBatch * kHeads;
  std::vector<Shape> s{
      {"qkv forward", R, C, 3 * C, 1, false, 0},
      {"attention projection forward, its input gradient", R, C, C, 2, false, 0},
      {"MLP in forward, MLP out input gradient", R, C, H, 2, false, 0},
      {"MLP out forward, MLP in input gradient", R, H, C, 2, false, 0},
      {"qkv input gradient", R, 3 * C, C, 1, false, 0},
      {"qkv weight gradient", C, R, 3 * C, 1, false, 0},
      {"attention projection weight gradient", C, R, C, 1, false, 0},
      {"MLP in weight gradient", C, R, H, 1, false, 0},
      {"MLP out weight gradient", H, R, C, 1, false, 0},
      {"scores forward, their gradient (per head and sequence)", L, kHeadSize, L, 2 * heads, true, 0},
      {"weighted values forward; v, q, k gradients (per head and sequence)", L, L, kHeadSize, 4 * heads, true, 0},
      {"classifier forward", kBatch, C, kClasses, 1, false, 0},
      {"classifier input gradient", kBatch, kClasses, C, 1, false, 0},
      {"classifier weight gradient", C, kBatch, kClasses, 1, false, 0},
  };
  for (Shape& x : s)
    x.flopsPerStep = 2.0 * (x.perSequence ? kHeadSize * meanSquare : double(x.m) * x.k * x.n) * x.callsPerStep;
  return s;
}

// --- timing and checking ---------------------------------------------------------------------------

// Uniform in [-1, 1), from a 32-bit LCG: the same inputs in every build.
void fill(aligned_vector<float>& v, std::uint32_t seed) {
  for (float& x : v) {
    seed = seed * 1664525u + 1013904223u;
    x = static_cast<float>(seed >> 8) / 8388608.f - 1.f;
  }
}

// Largest |c - naive| over c, exiting 1 if any element is past K·ε·Σ|a||b| (ε = 2⁻²³), above the worst
// rounding of K float products summed in any order; an indexing or packing slip is off by whole products.
double check(const aligned_vector<float>& a, const aligned_vector<float>& b, const aligned_vector<float>& c, int M,
             int K, int N) {
  double worst = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double sum = 0, magnitude = 0;
      for (int k = 0; k < K; ++k) {
        sum += double(a[std::size_t(i * K + k)]) * b[std::size_t(k * N + j)];
        magnitude += std::fabs(double(a[std::size_t(i * K + k)]) * b[std::size_t(k * N + j)]);
      }
      const double error = std::fabs(c[std::size_t(i * N + j)] - sum);
      if (error > K * 1.1920929e-7 * magnitude) {
        std::fprintf(stderr, "sgemm %d×%d×%d wrong at (%d, %d): %g, naive %g\n", M, K, N, i, j,
                     double(c[std::size_t(i * N + j)]), sum);
        std::exit(1);
      }
      worst = std::max(worst, error);
    }
  return worst;
}

// c = a · b for random a (M × K) and b (K × N), checked against the naive loop.
double run_and_check(int M, int K, int N, aligned_vector<float>& a, aligned_vector<float>& b, aligned_vector<float>& c,
                     Packs& packs) {
  fill(a, 1u + unsigned(M)), fill(b, 2u + unsigned(N));
  sgemm(a.data(), K, b.data(), N, c.data(), N, M, K, N, packs);
  return check(a, b, c, M, K, N);
}

// The step's shapes all have M a multiple of 4 and K ≤ 512: shapes with ragged edges everywhere and a
// ragged last pass over K, checked only.
void check_edges() {
  struct Dims {
    int m, k, n;
  };
  for (const Dims d : {Dims{7, 300, 13}, Dims{1, 5, 3}, Dims{9, 600, 21}}) {
    aligned_vector<float> a(std::size_t(d.m) * d.k), b(std::size_t(d.k) * d.n), c(std::size_t(d.m) * d.n);
    Packs packs(d.m, d.k, d.n);
    run_and_check(d.m, d.k, d.n, a, b, c, packs);
  }
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

struct Timing {
  double gflops, maxError;
};

// GFLOP/s of the median run of `reps`, after 20 ms of warm-up calls (under V8, wasm code starts in its
// baseline compiler and is recompiled optimised only once it has run a while); each run repeats the call
// enough times to last about 2 ms, so the small shapes (well under a µs a call for the attention products)
// are timed far above the clock's resolution.
Timing time_shape(int M, int K, int N, int reps) {
  aligned_vector<float> a(std::size_t(M) * K), b(std::size_t(K) * N), c(std::size_t(M) * N);
  Packs packs(M, K, N);
  const double maxError = run_and_check(M, K, N, a, b, c, packs);
  auto call = [&] { sgemm(a.data(), K, b.data(), N, c.data(), N, M, K, N, packs); };
  auto start = std::chrono::steady_clock::now();
  int warm = 0;
  for (; seconds_since(start) < 0.02; ++warm) call();
  const int inner = std::max(1, static_cast<int>(0.002 / (seconds_since(start) / warm)));
  std::vector<double> perCall;
  for (int r = 0; r < reps; ++r) {
    start = std::chrono::steady_clock::now();
    for (int i = 0; i < inner; ++i) call();
    perCall.push_back(seconds_since(start) / inner);
  }
  std::sort(perCall.begin(), perCall.end());
  return {2.0 * M * K * N / perCall[perCall.size() / 2] / 1e9, maxError};
}

// The default model's trainer on `order` with the sinusoidal arm (train_bench.mjs's ARM), trained on
// lengths minLength … 16.
pelab::training::TrainerSpec step_spec(int minLength) {
  pelab::training::TrainerOptions o;
  o.encoding = "sinusoidal", o.minLength = minLength;
  pelab::training::TrainerSpec spec;
  if (!pelab::training::make_trainer_spec(o, spec).ok) std::abort();
  using pelab::training::Readout;
  const bool same = spec.batch == kBatch && spec.dModel == kC && spec.heads == kHeads && spec.hidden == kHidden &&
                    spec.layers == 1 && spec.minLength == minLength && spec.maxLength == kMaxLength &&
                    spec.readout == Readout::mean && !spec.causal && spec.task == pelab::training::Task::order;
  if (!same) {
    std::fprintf(stderr, "sgemm_bench.cpp's shapes are not the trainer's default model: update step_shapes\n");
    std::exit(1);
  }
  return spec;
}

// Steps/s over 300 steps (the trainer was warmed up by 20 when made).
double steps_per_second(pelab::training::Trainer& t) {
  const auto start = std::chrono::steady_clock::now();
  t.step(300);
  return 300 / seconds_since(start);
}

struct Set {
  const char* name;
  int rows, length;
  double meanSquare;
  std::vector<Shape> shapes;
  std::vector<std::vector<double>> gflops;  // [shape][round]
  std::vector<double> maxError;             // [shape], over the rounds
  std::vector<double> stepsPerSecond;       // [round]
};

void print_rounds(const std::vector<double>& v, const char* format) {
  for (std::size_t r = 0; r < v.size(); ++r) std::printf(r ? ", " : ""), std::printf(format, v[r]);
}

void print_set(const Set& set, bool last) {
  std::printf("    {\"name\": \"%s\", \"rows\": %d, \"length\": %d, \"stepsPerSecond\": [", set.name, set.rows,
              set.length);
  print_rounds(set.stepsPerSecond, "%.1f");
  std::printf("], \"shapes\": [\n");
  for (std::size_t i = 0; i < set.shapes.size(); ++i) {
    const Shape& s = set.shapes[i];
    std::printf(
        "      {\"role\": \"%s\", \"m\": %d, \"k\": %d, \"n\": %d, \"callsPerStep\": %.0f, \"flopsPerStep\": %.0f, "
        "\"maxError\": %.2e, \"gflops\": [",
        s.role, s.m, s.k, s.n, s.callsPerStep, s.flopsPerStep, set.maxError[i]);
    print_rounds(set.gflops[i], "%.3f");
    std::printf("]}%s\n", i + 1 < set.shapes.size() ? "," : "");
  }
  std::printf("    ]}%s\n", last ? "" : ",");
}

}  // namespace

int main(int argc, char** argv) {
  const int reps = std::max(15, argc > 1 ? std::atoi(argv[1]) : 15);
  const int rounds = std::max(3, argc > 2 ? std::atoi(argv[2]) : 5);
  // Lengths uniform in 8–16 (tasks.cpp): 12 on average, so 32 · 12 = 384 rows expected and a mean
  // length² of 12² + (9² - 1)/12; the attention products are timed at the mean length, 12 × 8 × 12.
  const int meanLength = (kMinLength + kMaxLength) / 2, span = kMaxLength - kMinLength + 1;
  const double meanSquare = meanLength * meanLength + (span * span - 1) / 12.0;
  check_edges();
  std::vector<Set> sets{{"lengths8to16", kBatch * meanLength, meanLength, meanSquare, {}, {}, {}, {}},
                        {"fixed16", kBatch * kMaxLength, kMaxLength, kMaxLength * kMaxLength, {}, {}, {}, {}}};
  std::vector<std::unique_ptr<pelab::training::Trainer>> trainers;
  for (Set& set : sets) {
    set.shapes = step_shapes(set.rows, set.length, set.meanSquare);
    set.gflops.resize(set.shapes.size());
    set.maxError.assign(set.shapes.size(), 0.0);
    trainers.push_back(
        std::make_unique<pelab::training::Trainer>(step_spec(set.length == kMaxLength ? kMaxLength : kMinLength)));
    trainers.back()->step(20);
  }
  std::vector<double> square512;
  double square512Error = 0;
  for (int r = 0; r < rounds; ++r) {
    for (std::size_t i = 0; i < sets.size(); ++i) {
      Set& set = sets[i];
      for (std::size_t j = 0; j < set.shapes.size(); ++j) {
        const Shape& s = set.shapes[j];
        const Timing t = time_shape(s.m, s.k, s.n, reps);
        set.gflops[j].push_back(t.gflops);
        set.maxError[j] = std::max(set.maxError[j], t.maxError);
      }
      set.stepsPerSecond.push_back(steps_per_second(*trainers[i]));
    }
    const Timing big = time_shape(512, 512, 512, reps);
    square512.push_back(big.gflops);
    square512Error = std::max(square512Error, big.maxError);
  }
  std::printf(
      "{\n  \"kernel\": \"%d x %d register tile, packed A and B, K in passes of %d\", \"reps\": %d, "
      "\"rounds\": %d,\n",
      MR, NR, KC, reps, rounds);
  std::printf(
      "  \"model\": {\"batch\": %d, \"dModel\": %d, \"heads\": %d, \"hidden\": %d, \"trainLength\": [%d, %d]},\n",
      kBatch, kC, kHeads, kHidden, kMinLength, kMaxLength);
  std::printf("  \"sets\": [\n");
  for (std::size_t i = 0; i < sets.size(); ++i) print_set(sets[i], i + 1 == sets.size());
  std::printf("  ],\n  \"square512\": {\"m\": 512, \"k\": 512, \"n\": 512, \"maxError\": %.2e, \"gflops\": [",
              square512Error);
  print_rounds(square512, "%.3f");
  std::printf("]}\n}\n");
  return 0;
}
