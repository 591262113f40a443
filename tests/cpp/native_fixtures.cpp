// Prints, as JSON, what the native build computes for a fixed set of cases. The JS tests run this
// and compare the wasm module's answers through the public API with it.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "pelab/analysis/analysis.hpp"
#include "pelab/attention/attention.hpp"
#include "pelab/attention/permutation.hpp"
#include "pelab/encodings/learned.hpp"
#include "pelab/encodings/relative.hpp"
#include "pelab/encodings/rope.hpp"
#include "pelab/encodings/sequence.hpp"
#include "pelab/training/trainer.hpp"

using namespace pelab;

namespace {

template <typename T>
void array(const char* key, const std::vector<T>& v, bool last = false) {
  std::printf("\"%s\":[", key);
  for (std::size_t i = 0; i < v.size(); ++i) std::printf("%s%.9g", i ? "," : "", double(v[i]));
  std::printf("]%s\n", last ? "" : ",");
}

// A trainer of `options` (seed 1) after two chunks of 20 steps, as the train-it page runs them: the
// second chunk's loss and accuracy, an evaluation at lengths 8–16 (64 samples, seed 7), and P(label 1)
// for the sequence x x A x B x (tokens 5 5 1 5 2 5).
void trained(const std::string& key, training::TrainerOptions options) {
  options.seed = 1;
  training::TrainerSpec spec;
  if (!training::make_trainer_spec(options, spec).ok) {
    std::fprintf(stderr, "native_fixtures: bad trainer options for %s\n", key.c_str());
    std::exit(1);
  }
  training::Trainer t(spec);
  t.step(20);
  const training::StepStats chunk = t.step(20);
  const training::EvalStats eval = t.evaluate(8, 16, 64, 7);
  const std::vector<int> tokens{5, 5, 1, 5, 2, 5};
  array(("trainer_" + key).c_str(),
        std::vector<double>{chunk.loss, chunk.accuracy, eval.loss, eval.accuracy, t.probability(tokens.data(), 6)});
}

training::TrainerOptions arm(const char* encoding, const char* attention, const char* readout,
                             const char* task = "order") {
  training::TrainerOptions o;
  o.task = task, o.encoding = encoding, o.attention = attention, o.readout = readout;
  return o;
}

std::vector<float> sinusoidal_table(Variant v) {
  const SinusoidalSpec spec{50, 64, 10000.0, v, 1000};
  std::vector<float> t(element_count(spec));
  fill_sinusoidal(spec, t.data());
  return t;
}

}  // namespace

int main() {
  std::printf("{\n");
  for (Variant v : {Variant::paper, Variant::halves, Variant::tensor2tensor})
    array((std::string("sinusoidal_") + variant_name(v)).c_str(), sinusoidal_table(v));

  std::vector<float> learned(20 * 12);
  fill_learned_table({20, 12, 42}, learned.data());
  array("learned", learned);

  SequenceSpec seq;
  seq.embedding = {10, 16, 5};
  const std::vector<int> tokens{3, 1, 4, 1, 5, 9};
  std::vector<float> x(tokens.size() * 16);
  embed_sequence(seq, tokens, x.data());
  array("embed", x);

  std::vector<float> weights(36), out(36);
  self_attention(x.data(), 6, 16, 6, 5, Mask::before_softmax, weights.data(), out.data());
  array("selfAttentionWeights", weights);
  array("selfAttentionOutput", out);

  const auto table = sinusoidal_table(Variant::paper);
  std::vector<float> dots(50 * 50);
  dot_matrix(table.data(), 50, 64, dots.data());
  array("dotMatrix", dots);

  const SinusoidalSpec spec{40, 32, 10000.0, Variant::paper, 3};
  std::vector<float> blocks(16 * 4);
  offset_blocks(spec, 7, blocks.data());
  array("offsetBlocks", blocks);
  const Properties p = properties(spec, 2);
  array("properties",
        std::vector<double>{p.minDistance, p.maxAbsValue, p.minNormSq, p.minOffsetDot, p.offsetDotDeviation});

  // Rope (interleaved, partial, scaled, far out) and self-attention in two heads with rope and ALiBi.
  std::vector<float> turned = x;
  apply_rope({16, 12, 10000.0, RopeLayout::interleaved, 2.0, 60000}, turned.data(), 6);
  array("rope", turned);
  HeadOptions heads;
  heads.heads = 2;
  heads.rope = true;
  heads.ropeSpec = {4, 4, 10000.0, RopeLayout::halves, 1.0, 3};
  heads.alibi = true;
  std::vector<float> head_weights(2 * 36), head_out(6 * 8);
  self_attention(x.data(), 6, 16, 8, 5, Mask::before_softmax, head_weights.data(), head_out.data(), heads);
  array("headsWeights", head_weights);
  array("headsOutput", head_out);

  // The train-it page's seven arms (web/exercises/train-arms.js) and the count control.
  trained("none", arm("none", "bidirectional", "mean"));
  trained("sinusoidal", arm("sinusoidal", "bidirectional", "mean"));
  trained("learned", arm("learned", "bidirectional", "mean"));
  trained("rope", arm("rope", "bidirectional", "mean"));
  trained("alibi", arm("alibi", "bidirectional", "mean"));
  trained("causal", arm("none", "causal", "mean"));
  trained("alibi-cls", arm("alibi", "bidirectional", "cls"));
  trained("count", arm("none", "bidirectional", "mean", "count"));

  const PermutationResult r = permutation_experiment(seq, tokens, 6, 0, 4);
  array("permutationOutput", r.withEncoding.swapped.output, true);
  std::printf("}\n");
}
