#include "pelab/attention/permutation.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "pelab/attention/attention.hpp"
#include "pelab/validation/limits.hpp"

namespace pelab {
namespace {

AttentionRun run(const SequenceSpec& spec, const std::vector<int>& tokens, int dK) {
  const int n = static_cast<int>(tokens.size());
  std::vector<float> x(static_cast<std::size_t>(n) * spec.embedding.dModel);
  embed_sequence(spec, tokens, x.data());
  AttentionRun r{std::vector<float>(static_cast<std::size_t>(n) * n),
                 std::vector<float>(static_cast<std::size_t>(n) * dK)};
  self_attention(x.data(), n, spec.embedding.dModel, dK, spec.embedding.seed, Mask::none, r.weights.data(),
                 r.output.data());
  return r;
}

PermutationArm arm(const SequenceSpec& spec, const std::vector<int>& tokens, int dK, int i, int j) {
  std::vector<int> swapped = tokens;
  std::swap(swapped[static_cast<std::size_t>(i)], swapped[static_cast<std::size_t>(j)]);
  PermutationArm a{run(spec, tokens, dK), run(spec, swapped, dK)};
  const int n = static_cast<int>(tokens.size());
  for (int p = 0; p < n; ++p) {
    const int moved = p == i ? j : p == j ? i : p;
    for (int c = 0; c < dK; ++c) {
      const float diff = a.swapped.output[static_cast<std::size_t>(moved) * dK + c] -
                         a.original.output[static_cast<std::size_t>(p) * dK + c];
      a.relabelResidual = std::max(a.relabelResidual, std::fabs(diff));
    }
  }
  return a;
}

}  // namespace

Status check_swap(int n, double i, double j) {
  const IntParam first{"swap[0]", 0, n - 1}, second{"swap[1]", 0, n - 1};
  return first_error(check(first, i), check(second, j));
}

namespace {

SequenceSpec encoded_arm(const SequenceSpec& spec) {
  SequenceSpec encoded = spec;
  if (encoded.encoding == Encoding::none) encoded.encoding = Encoding::sinusoidal;
  return encoded;
}

}  // namespace

Status check_permutation(const SequenceSpec& spec, int n) { return check_sequence(encoded_arm(spec), n); }

double permutation_work(double n, double dModel, double dK) {
  return 4 * self_attention_work(n, dModel, dK) + 4 * embedding_work(n, dModel, Encoding::learned);
}

Status make_permutation_request(const RawSequence& raw, const double* tokens, std::size_t count, double dK, double i,
                                double j, PermutationRequest& out) {
  Status s = make_sequence_spec(raw, tokens, count, out.spec, out.tokens);
  const auto n = static_cast<double>(out.tokens.size());
  if (s.ok) s = check_permutation(out.spec, static_cast<int>(n));
  if (s.ok) s = check(limits::dK, dK);
  const double work = permutation_work(n, out.spec.embedding.dModel, dK);
  if (s.ok && work > limits::maxWork) s = Status::too_much_work("dK", Cost::permutation, work, limits::maxWork);
  if (s.ok) s = check_swap(static_cast<int>(n), i, j);
  if (!s.ok) return s;
  out.dK = static_cast<int>(dK), out.i = static_cast<int>(i), out.j = static_cast<int>(j);
  return s;
}

PermutationResult permutation_experiment(const SequenceSpec& spec, const std::vector<int>& tokens, int dK, int i,
                                         int j) {
  SequenceSpec plain = spec;
  plain.encoding = Encoding::none;
  return {arm(plain, tokens, dK, i, j), arm(encoded_arm(spec), tokens, dK, i, j)};
}

}  // namespace pelab
