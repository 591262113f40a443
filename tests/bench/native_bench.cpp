// The native side of the benchmark: the same core, the same workloads, timed here and printed as
// JSON for tests/bench/bench.mjs, which sets them beside the wasm and JavaScript figures.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "pelab/analysis/analysis.hpp"
#include "pelab/attention/attention.hpp"
#include "pelab/encodings/sinusoidal.hpp"
#include "pelab/numerics/random.hpp"

using namespace pelab;

namespace {

// Median milliseconds of `reps` runs after two warm-ups.
template <typename F>
double median_ms(F f, int reps) {
  f();
  f();
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    const auto start = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

volatile float sink;  // keeps results alive so the work is not optimised away

}  // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::max(5, std::atoi(argv[1])) : 15;
  const SinusoidalSpec spec{2048, 512, 10000.0, Variant::paper, 0};
  std::vector<float> table(element_count(spec));
  const double reused = median_ms(
      [&] {
        fill_sinusoidal(spec, table.data());
        sink = table[7];
      },
      reps);
  const double fresh = median_ms(
      [&] {
        std::vector<float> t(element_count(spec));
        fill_sinusoidal(spec, t.data());
        sink = t[7];
      },
      reps);
  std::vector<double> reference(element_count(spec));
  fill_sinusoidal_reference(spec, reference.data());
  double error = 0;
  for (std::size_t i = 0; i < table.size(); ++i) error = std::max(error, std::fabs(table[i] - reference[i]));

  const int n = 512, dk = 64;
  std::vector<float> q(n * dk), weights(n * n), out(n * dk);
  random::fill_normal(1, random::Stream::query_projection, 0, q.size(), 1.0f, q.data());
  const double attn = median_ms(
      [&] {
        attention({n, dk, dk}, q.data(), q.data(), q.data(), Mask::none, weights.data(), out.data());
        sink = out[3];
      },
      reps);

  const SinusoidalSpec dots_spec{1024, 512, 10000.0, Variant::paper, 0};
  std::vector<float> dots_table(element_count(dots_spec)), dots(1024 * 1024);
  fill_sinusoidal(dots_spec, dots_table.data());
  const double dot = median_ms(
      [&] {
        dot_matrix(dots_table.data(), 1024, 512, dots.data());
        sink = dots[5];
      },
      std::max(5, reps / 3));

  std::printf(
      "{\"sinusoidalReusedMs\": %.4f, \"sinusoidalFreshMs\": %.4f, \"sinusoidalMaxError\": %.3g, "
      "\"attentionMs\": %.4f, \"dotMatrixMs\": %.4f, \"reps\": %d}\n",
      reused, fresh, error, attn, dot, reps);
}
