// Token sequences, read as the bindings read them (embedding spec, tokens, encoding, variant, base,
// start, maxLen, then check_sequence), through embed_sequence and the permutation experiment.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "pelab/attention/permutation.hpp"
#include "pelab/encodings/sequence.hpp"
#include "pelab/validation/limits.hpp"

using namespace pelab;
using fuzz::expect_well_formed;

namespace {

// A sequence from arbitrary options, through the builder the bindings use.
Status read_sequence(fuzz::Input& in, SequenceSpec& spec, std::vector<int>& tokens) {
  const double vocab = in.number(), dModel = in.number(), seed = in.number();
  std::vector<double> raw(in.byte() % 20);
  for (double& t : raw) t = in.byte() % 8 ? static_cast<double>(in.byte() % 24) : in.number();
  const std::string encoding = in.text(), variant = in.text();
  const double base = in.byte() % 4 ? 10000.0 : in.number();
  const double start = in.byte() % 2 ? static_cast<double>(in.byte()) : in.number();
  const double maxLen = in.byte() % 2 ? static_cast<double>(in.byte()) : in.number();

  return make_sequence_spec({vocab, dModel, seed, encoding, variant, base, start, maxLen}, raw.data(), raw.size(), spec,
                            tokens);
}

void embedding(const SequenceSpec& spec, const std::vector<int>& tokens) {
  const int n = static_cast<int>(tokens.size());
  const std::size_t d = static_cast<std::size_t>(spec.embedding.dModel), count = tokens.size() * d;
  std::vector<float> x(count), plain(count);
  embed_sequence(spec, tokens, x.data());
  embed_tokens(spec.embedding, tokens.data(), n, plain.data());
  FUZZ_ASSERT(fuzz::all_finite(x.data(), count));
  // what was added is exactly the encoding of positions start … start+n-1
  std::vector<float> encoding(count, 0.f);
  if (spec.encoding == Encoding::sinusoidal) {
    fill_sinusoidal({n, spec.embedding.dModel, spec.base, spec.variant, spec.start}, encoding.data());
  } else if (spec.encoding == Encoding::learned) {
    const LearnedSpec learned{spec.learned.maxLen, spec.embedding.dModel, spec.embedding.seed};
    for (int i = 0; i < n; ++i) learned_row(learned, spec.start + i, encoding.data() + static_cast<std::size_t>(i) * d);
  }
  for (std::size_t i = 0; i < count; ++i) FUZZ_ASSERT(x[i] == plain[i] + encoding[i]);
}

void expect_run(const AttentionRun& run, int n, int dK) {
  FUZZ_ASSERT(run.weights.size() == static_cast<std::size_t>(n) * n);
  FUZZ_ASSERT(run.output.size() == static_cast<std::size_t>(n) * dK);
  FUZZ_ASSERT(fuzz::all_finite(run.output.data(), run.output.size()));
  for (int i = 0; i < n; ++i) {
    double sum = 0;
    for (int j = 0; j < n; ++j) sum += run.weights[static_cast<std::size_t>(i) * n + j];
    FUZZ_ASSERT(std::fabs(sum - 1.0) <= 1e-4);
  }
}

void permutation(fuzz::Input& in, const SequenceSpec& spec, const std::vector<int>& tokens) {
  const int n = static_cast<int>(tokens.size());
  const double dK = in.byte() % 2 ? static_cast<double>(1 + in.byte() % 16) : in.number();
  const double i = in.byte() % 2 ? static_cast<double>(in.byte() % 20) : in.number();
  const double j = in.byte() % 2 ? static_cast<double>(in.byte() % 20) : in.number();
  // bindings.cpp permutation(): the encoded arm is checked too (sinusoidal when encoding is 'none')
  Status s = check_permutation(spec, n);
  if (s.ok) s = check(limits::dK, dK);
  if (s.ok) s = check_swap(n, i, j);
  expect_well_formed(s);
  if (!s.ok || n > 12 || spec.embedding.dModel > 64 || dK > 32) return;
  SequenceSpec encoded = spec;
  if (encoded.encoding == Encoding::none) encoded.encoding = Encoding::sinusoidal;
  FUZZ_ASSERT(check_sequence(encoded, n).ok);  // the arm with an encoding is one embed would accept
  const PermutationResult r =
      permutation_experiment(spec, tokens, static_cast<int>(dK), static_cast<int>(i), static_cast<int>(j));
  for (const PermutationArm* arm : {&r.withoutEncoding, &r.withEncoding}) {
    expect_run(arm->original, n, static_cast<int>(dK));
    expect_run(arm->swapped, n, static_cast<int>(dK));
    FUZZ_ASSERT(std::isfinite(arm->relabelResidual) && arm->relabelResidual >= 0.f);
  }
  // Without an encoding, swapping two tokens only relabels the outputs (float rounding aside).
  const auto& out = r.withoutEncoding.original.output;
  const double scale = std::max(1.0, fuzz::max_abs(out.data(), out.size()));
  FUZZ_ASSERT(r.withoutEncoding.relabelResidual <= 1e-4 * scale);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  SequenceSpec spec;
  std::vector<int> tokens;
  const Status s = read_sequence(in, spec, tokens);
  expect_well_formed(s);
  if (!s.ok) return 0;
  if (tokens.size() * static_cast<std::size_t>(spec.embedding.dModel) > fuzz::kMaxElements) return 0;
  embedding(spec, tokens);
  permutation(in, spec, tokens);
  return 0;
}
