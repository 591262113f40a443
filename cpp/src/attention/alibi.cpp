#include "pelab/attention/alibi.hpp"

#include <cmath>
#include <limits>

#include "pelab/validation/limits.hpp"

namespace pelab {
namespace {

static_assert(static_cast<int>(BiasMask::causal) == 1 && limits::biasMasks.size() == 2);

// get_slopes_power_of_2(n) as the reference writes it: start = 2^(−2^(−(log2 n − 3))) = 2^(−8/n),
// then start·start^i.
std::vector<double> power_of_two_slopes(int n) {
  const double start = std::pow(2.0, -std::pow(2.0, -(std::log2(static_cast<double>(n)) - 3)));
  std::vector<double> slopes(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) slopes[static_cast<std::size_t>(i)] = start * std::pow(start, i);
  return slopes;
}

}  // namespace

std::vector<double> alibi_slopes(int heads) {
  int closest = 1;  // the largest power of two ≤ heads
  while (closest * 2 <= heads) closest *= 2;
  std::vector<double> slopes = power_of_two_slopes(closest);
  if (closest == heads) return slopes;
  const std::vector<double> twice = power_of_two_slopes(2 * closest);
  for (int i = 0; static_cast<int>(slopes.size()) < heads; i += 2) slopes.push_back(twice[static_cast<std::size_t>(i)]);
  return slopes;
}

Status make_alibi_slopes_request(double heads, int& out) {
  const Status s = check(limits::heads, heads);
  if (s.ok) out = static_cast<int>(heads);
  return s;
}

Status make_alibi_bias_request(double heads, double n, const std::string& mask, AlibiBiasRequest& out) {
  Status s = first_error(check(limits::heads, heads), check(limits::sequence, n));
  if (s.ok) s = limits::check_matrices("heads", heads, n);
  if (s.ok) s = limits::parse_choice(limits::biasMasks, "mask", mask, out.mask);
  if (!s.ok) return s;
  out.heads = static_cast<int>(heads);
  out.n = static_cast<int>(n);
  return s;
}

void fill_alibi_bias(const AlibiBiasRequest& request, float* out) {
  const std::vector<double> slopes = alibi_slopes(request.heads);
  const int n = request.n;
  for (int h = 0; h < request.heads; ++h)
    for (int i = 0; i < n; ++i) {
      float* row = out + (static_cast<std::size_t>(h) * n + i) * n;
      for (int j = 0; j < n; ++j)
        row[j] = request.mask == BiasMask::causal && j > i ? -std::numeric_limits<float>::infinity()
                                                           : alibi_bias(slopes[static_cast<std::size_t>(h)], i, j);
    }
}

}  // namespace pelab
