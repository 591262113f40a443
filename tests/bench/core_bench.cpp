// The core's side of the benchmark, without the JS API: the same workloads as tests/bench/bench.mjs, timed here
// and printed as JSON. Built twice (CMakeLists.txt): natively (g++: the native column) and as wasm SIMD with the
// core's flags, run under node (the kernel in wasm, writing its own buffer in wasm memory: no option checking, no
// copy into a caller's array), so that bench.mjs can say which part of ours ÷ native is the kernel in wasm and
// which is the JS API's call and copy out. Usage: pelab_core_bench [reps, at least 5; 15] [table: the table only]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "pelab/analysis/analysis.hpp"
#include "pelab/attention/attention.hpp"
#include "pelab/encodings/sinusoidal.hpp"

using namespace pelab;

namespace {

// Median milliseconds of `reps` runs after half a second of warm-up calls (at least two), as bench.mjs warms
// its own: under V8, wasm code starts in a baseline tier and is recompiled optimised once it has run a while.
template <typename F>
double median_ms(F f, int reps) {
  const auto warm = std::chrono::steady_clock::now();
  for (int i = 0; i < 2 || std::chrono::steady_clock::now() - warm < std::chrono::milliseconds(500); ++i) f();
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
  const bool table_only = argc > 2 && std::string(argv[2]) == "table";
  const SinusoidalSpec spec{2048, 512, 10000.0, Variant::paper, 0};
  std::vector<float> table(element_count(spec));
  const double reused = median_ms(
      [&] {
        fill_sinusoidal(spec, table.data());
        sink = table[7];
      },
      reps);
  if (table_only) {
    std::printf("{\"sinusoidalReusedMs\": %.4f, \"reps\": %d}\n", reused, reps);
    return 0;
  }
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

  // bench.mjs's inputs, q[i] = sin(0.37 i), k[i] = cos(0.11 i), v = q: the three columns time one computation.
  const int n = 512, dk = 64;
  std::vector<float> q(n * dk), k(n * dk), weights(n * n), out(n * dk);
  for (int i = 0; i < n * dk; ++i) {
    q[i] = static_cast<float>(std::sin(i * 0.37));
    k[i] = static_cast<float>(std::cos(i * 0.11));
  }
  const double attn = median_ms(
      [&] {
        attention({n, dk, dk}, q.data(), k.data(), q.data(), Mask::none, weights.data(), out.data());
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
