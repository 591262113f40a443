#include "pelab/training/model.hpp"
#include "sizes.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>

#include "pelab/attention/alibi.hpp"
#include "pelab/encodings/learned.hpp"
#include "pelab/encodings/sinusoidal.hpp"
#include "pelab/numerics/random.hpp"
#include "pelab/training/tasks.hpp"

namespace pelab::training {
namespace {

using Sizes = std::array<std::size_t, kParameterTensors>;

using sizes::z;

// The named views in declaration order, so they can be pointed into a flat buffer one after another.
template <typename T>
std::array<T**, kParameterTensors> views(ParameterTensors<T>& p) {
  return {&p.wte,  &p.wpe, &p.ln1w, &p.ln1b,    &p.qkvw,    &p.qkvb, &p.attprojw, &p.attprojb, &p.ln2w,
          &p.ln2b, &p.fcw, &p.fcb,  &p.fcprojw, &p.fcprojb, &p.lnfw, &p.lnfb,     &p.clsw,     &p.clsb};
}

template <typename T>
std::array<T**, kActivationTensors> views(ActivationTensors<T>& a) {
  return {&a.encoded,   &a.ln1, &a.ln1_mean, &a.ln1_rstd, &a.qkv,    &a.atty,    &a.att,    &a.attproj,
          &a.residual2, &a.ln2, &a.ln2_mean, &a.ln2_rstd, &a.fch,    &a.fch_act, &a.fcproj, &a.residual3,
          &a.pooled,    &a.lnf, &a.lnf_mean, &a.lnf_rstd, &a.logits, &a.probs,   &a.losses};
}

// Each view points at its place in `memory`: tensor after tensor, each `sizes[i]` long.
template <typename T, typename Views, std::size_t K>
void point(Views& tensors, T* memory, const std::array<std::size_t, K>& sizes) {
  const auto list = views(tensors);
  static_assert(std::tuple_size<decltype(list)>::value == K, "one size per view");
  for (std::size_t i = 0; i < K; ++i) {
    *list[i] = memory;
    memory += sizes[i];
  }
}

template <std::size_t K>
std::size_t total(const std::array<std::size_t, K>& sizes) {
  std::size_t n = 0;
  for (std::size_t s : sizes) n += s;
  return n;
}

// One layer's slice of the (L, …) tensors.
template <typename T>
struct LayerParams {
  T *ln1w, *ln1b, *qkvw, *qkvb, *attprojw, *attprojb, *ln2w, *ln2b, *fcw, *fcb, *fcprojw, *fcprojb;
};

template <typename T>
LayerParams<T> layer_params(const ParameterTensors<T>& p, const ModelConfig& c, int l) {
  const std::size_t C = z(c.C), H = z(c.H), L = z(l);
  const bool bias = c.norm == Norm::layernorm;
  return {p.ln1w + L * C,     bias ? p.ln1b + L * C : nullptr, p.qkvw + L * C * 3 * C,
          p.qkvb + L * 3 * C, p.attprojw + L * C * C,          p.attprojb + L * C,
          p.ln2w + L * C,     bias ? p.ln2b + L * C : nullptr, p.fcw + L * C * H,
          p.fcb + L * H,      p.fcprojw + L * H * C,           p.fcprojb + L * C};
}

template <typename T>
struct LayerActs {
  T *ln1, *ln1_mean, *ln1_rstd, *qkv, *atty, *att, *attproj, *residual2, *ln2, *ln2_mean, *ln2_rstd, *fch, *fch_act,
      *fcproj, *residual3;
};

template <typename T>
LayerActs<T> layer_acts(const ActivationTensors<T>& a, const ModelConfig& c, int l) {
  const std::size_t N = z(c.maxRows), C = z(c.C), H = z(c.H), A = z(c.maxAttention), L = z(l);
  // Tensors left empty (gradient layout) keep a pointer that is never used.
  return {a.ln1 + L * N * C,     a.ln1_mean + L * N,   a.ln1_rstd + L * N,     a.qkv + L * N * 3 * C,
          a.atty + L * N * C,    a.att + L * A,        a.attproj + L * N * C,  a.residual2 + L * N * C,
          a.ln2 + L * N * C,     a.ln2_mean + L * N,   a.ln2_rstd + L * N,     a.fch + L * N * H,
          a.fch_act + L * N * H, a.fcproj + L * N * C, a.residual3 + L * N * C};
}

// Weights N(0, 1/fan_in), drawn at the counter of their place in the flat buffer (so each is a pure
// function of seed and place); residual projections further scaled by 1/√(2L), as GPT-2 does, so the
// residual stream's variance does not grow with depth.
template <typename T>
void fill_weights(T* base, T* tensor, std::size_t count, int fanIn, double extra, std::uint32_t seed) {
  const auto first = static_cast<std::uint64_t>(tensor - base);
  const double scale = extra / std::sqrt(static_cast<double>(fanIn));
  for (std::size_t i = 0; i < count; ++i)
    tensor[i] = static_cast<T>(scale * random::normal(seed, random::Stream::model_weights, first + i));
}

}  // namespace

Sizes parameter_sizes(const ModelConfig& c) {
  const std::size_t V = z(c.vocab), C = z(c.C), H = z(c.H), L = z(c.L), K = z(kClasses);
  const std::size_t P = c.encoding == Encoding::learned ? z(c.positionRows) : 0;
  const std::size_t bias = c.norm == Norm::layernorm ? 1 : 0;
  return {V * C,        P * C,     L * C, bias * L * C, L * C * 3 * C, L * 3 * C, L * C * C, L * C, L * C,
          bias * L * C, L * C * H, L * H, L * H * C,    L * C,         C,         bias * C,  C * K, K};
}

std::array<std::size_t, kActivationTensors> activation_sizes(const ModelConfig& c, bool gradients) {
  const std::size_t N = z(c.maxRows), B = z(c.maxSequences), A = z(c.maxAttention), C = z(c.C), H = z(c.H), L = z(c.L),
                    K = z(kClasses);
  const std::size_t kept = gradients ? 0 : 1;  // tensors only forward's bookkeeping needs
  return {N * C,     L * N * C, L * N * kept, L * N * kept, L * N * 3 * C, L * N * C,    L * A * kept, L * N * C,
          L * N * C, L * N * C, L * N * kept, L * N * kept, L * N * H,     L * N * H,    L * N * C,    L * N * C,
          B * C,     B * C,     B * kept,     B * kept,     B * K,         B * K * kept, B * kept};
}

namespace {

std::size_t scratch_size(const ModelConfig& c) {
  const std::size_t weights = z(std::max({3 * c.C, c.H})) * z(std::max({c.C, c.H, kClasses}));  // a weightᵀ
  return std::max(weights, z(attention_scratch(c.maxLength, c.C, c.NH)));
}

std::size_t fixed_table_size(const ModelConfig& c) {
  return c.encoding == Encoding::sinusoidal ? z(c.positionRows) * z(c.C) : 0;
}

std::size_t in_attention_size(const ModelConfig& c) {
  if (c.encoding == Encoding::rope) return 2 * z(c.maxLength) * z(c.C / c.NH / 2);
  return c.encoding == Encoding::alibi ? z(c.NH) : 0;
}

}  // namespace

ModelConfig model_config(const TrainerSpec& s) {
  ModelConfig c;
  c.vocab = kVocabulary, c.C = s.dModel, c.NH = s.heads, c.H = s.hidden, c.L = s.layers;
  c.norm = s.norm, c.activation = s.activation, c.causal = s.causal, c.readout = s.readout, c.encoding = s.encoding;
  const int train = s.maxLength + cls_tokens(s), eval = s.maxEvalLength + cls_tokens(s);
  c.positionRows = s.encoding == Encoding::learned ? s.maxLen : s.encoding == Encoding::sinusoidal ? eval : 0;
  c.base = s.base, c.variant = s.variant, c.seed = s.seed;
  c.maxSequences = s.batch;
  c.maxRows = std::max(s.batch * train, eval);
  c.maxAttention = std::max(s.batch * s.heads * train * train, s.heads * eval * eval);
  c.maxLength = std::max(train, eval);
  return c;
}

std::size_t parameter_count(const ModelConfig& c) { return total(parameter_sizes(c)); }

std::size_t model_kept_floats(const ModelConfig& c) {
  return total(parameter_sizes(c)) + fixed_table_size(c) + in_attention_size(c);
}

std::size_t model_pass_floats(const ModelConfig& c) {
  return total(parameter_sizes(c)) + total(activation_sizes(c, false)) + total(activation_sizes(c, true)) +
         scratch_size(c);
}

template <typename T>
Model<T>::Model(const ModelConfig& config)
    : config_(config),
      sizes_(parameter_sizes(config)),
      paramMemory_(total(sizes_)),
      fixedPositions_(fixed_table_size(config)),
      inAttention_(in_attention_size(config)),
      noLabels_(z(config.maxSequences), 0) {
  for (int i = 1; i < kParameterTensors; ++i) offsets_[z(i)] = offsets_[z(i - 1)] + sizes_[z(i - 1)];
  point(params, paramMemory_.data(), sizes_);
  acquire_pass_buffers();
  initialise();
}

template <typename T>
void Model<T>::acquire_pass_buffers() {
  gradMemory_.assign(total(sizes_), T(0));
  actMemory_.assign(total(activation_sizes(config_, false)), T(0));
  dactMemory_.assign(total(activation_sizes(config_, true)), T(0));
  scratch_.assign(scratch_size(config_), T(0));
  point(grads, gradMemory_.data(), sizes_);
  point(acts, actMemory_.data(), activation_sizes(config_, false));
  point(dacts, dactMemory_.data(), activation_sizes(config_, true));
}

// (Swapped with empty vectors: clear() would keep the capacity, and the memory is the point.)
template <typename T>
void Model<T>::release_pass_buffers() {
  for (std::vector<T>* buffer : {&gradMemory_, &actMemory_, &dactMemory_, &scratch_}) std::vector<T>().swap(*buffer);
  grads = {}, acts = {}, dacts = {};
}

template <typename T>
void Model<T>::initialise() {
  const ModelConfig& c = config_;
  const std::size_t C = z(c.C), H = z(c.H), L = z(c.L), K = z(kClasses);
  // Token embeddings and learned positions as embeddings.hpp and learned.hpp make them: N(0, 1).
  for (std::size_t i = 0; i < sizes_[0]; ++i)
    params.wte[i] = static_cast<T>(random::normal(c.seed, random::Stream::token_embeddings, i));
  if (sizes_[1] > 0) {
    std::vector<float> table(sizes_[1]);
    fill_learned_table({c.positionRows, c.C, c.seed}, table.data());
    std::copy(table.begin(), table.end(), params.wpe);
  }
  if (!fixedPositions_.empty()) {
    std::vector<float> table(fixedPositions_.size());
    fill_sinusoidal({c.positionRows, c.C, c.base, c.variant, 0}, table.data());
    std::copy(table.begin(), table.end(), fixedPositions_.begin());
  }
  set_rope_scaling({});
  if (c.encoding == Encoding::alibi) {
    const std::vector<double> slopes = alibi_slopes(c.NH);
    std::copy(slopes.begin(), slopes.end(), inAttention_.begin());
  }
  T* base = paramMemory_.data();
  const double residual = 1.0 / std::sqrt(2.0 * c.L);
  fill_weights(base, params.qkvw, L * C * 3 * C, c.C, 1.0, c.seed);
  fill_weights(base, params.attprojw, L * C * C, c.C, residual, c.seed);
  fill_weights(base, params.fcw, L * C * H, c.C, 1.0, c.seed);
  fill_weights(base, params.fcprojw, L * H * C, c.H, residual, c.seed);
  fill_weights(base, params.clsw, C * K, c.C, 1.0, c.seed);
  std::fill_n(params.ln1w, L * C, T(1));
  std::fill_n(params.ln2w, L * C, T(1));
  std::fill_n(params.lnfw, C, T(1));
  // Biases stay 0 (vectors are zero-initialised).
}

template <typename T>
void Model<T>::set_rope_scaling(const RopeScaling& scaling) {
  if (config_.encoding != Encoding::rope) return;
  const std::size_t half = inAttention_.size() / 2;
  fill_rope_tables(inAttention_.data(), inAttention_.data() + half, config_.maxLength, config_.C / config_.NH,
                   config_.base, scaling);
}

template <typename T>
const T* Model<T>::position_table() const {
  if (config_.encoding == Encoding::learned) return params.wpe;
  if (config_.encoding == Encoding::sinusoidal) return fixedPositions_.data();
  return nullptr;
}

template <typename T>
InAttention<T> Model<T>::in_attention() const {
  InAttention<T> inside;
  if (config_.encoding == Encoding::rope) {
    inside.ropeCos = inAttention_.data();
    inside.ropeSin = inAttention_.data() + inAttention_.size() / 2;
  }
  if (config_.encoding == Encoding::alibi) inside.alibiSlopes = inAttention_.data();
  return inside;
}

template <typename T>
const T* Model<T>::attention(int layer) const {
  return acts.att + z(layer) * z(config_.maxAttention);
}

template <typename T>
void Model<T>::norm_forward(T* out, T* mean, T* rstd, const T* inp, const T* w, const T* b, int N) {
  if (config_.norm == Norm::layernorm) layernorm_forward(out, mean, rstd, inp, w, b, N, config_.C);
  else rmsnorm_forward(out, rstd, inp, w, N, config_.C);
}

template <typename T>
void Model<T>::norm_backward(T* dinp, T* dw, T* db, const T* dout, const T* inp, const T* w, const T* mean,
                             const T* rstd, int N) {
  if (config_.norm == Norm::layernorm) layernorm_backward(dinp, dw, db, dout, inp, w, mean, rstd, N, config_.C);
  else rmsnorm_backward(dinp, dw, dout, inp, w, rstd, N, config_.C);
}

template <typename T>
void Model<T>::layer_forward(int l, const T* residual, const Packing& pk) {
  const int N = pk.total_rows(), C = config_.C, H = config_.H;
  const LayerParams<T> p = layer_params(params, config_, l);
  const LayerActs<T> a = layer_acts(acts, config_, l);
  norm_forward(a.ln1, a.ln1_mean, a.ln1_rstd, residual, p.ln1w, p.ln1b, N);
  matmul_forward(a.qkv, a.ln1, p.qkvw, p.qkvb, N, C, 3 * C);
  attention_forward(a.atty, a.att, a.qkv, pk, C, config_.NH, config_.causal, scratch_.data(), in_attention());
  matmul_forward(a.attproj, a.atty, p.attprojw, p.attprojb, N, C, C);
  residual_forward(a.residual2, residual, a.attproj, N * C);
  norm_forward(a.ln2, a.ln2_mean, a.ln2_rstd, a.residual2, p.ln2w, p.ln2b, N);
  matmul_forward(a.fch, a.ln2, p.fcw, p.fcb, N, C, H);
  if (config_.activation == Activation::gelu) gelu_layer_forward(a.fch_act, a.fch, N * H);
  else relu_forward(a.fch_act, a.fch, N * H);
  matmul_forward(a.fcproj, a.fch_act, p.fcprojw, p.fcprojb, N, H, C);
  residual_forward(a.residual3, a.residual2, a.fcproj, N * C);
}

template <typename T>
T Model<T>::forward(const int* tokens, const int* labels, const Packing& pk) {
  const int B = pk.sequences, C = config_.C, L = config_.L;
  encoder_forward(acts.encoded, tokens, params.wte, position_table(), pk, C);
  const T* residual = acts.encoded;
  for (int l = 0; l < L; ++l) {
    layer_forward(l, residual, pk);
    residual = layer_acts(acts, config_, l).residual3;
  }
  if (config_.readout == Readout::cls) first_row_forward(acts.pooled, residual, pk, C);
  else mean_pool_forward(acts.pooled, residual, pk, C);
  norm_forward(acts.lnf, acts.lnf_mean, acts.lnf_rstd, acts.pooled, params.lnfw, params.lnfb, B);
  matmul_forward(acts.logits, acts.lnf, params.clsw, params.clsb, B, C, kClasses);
  crossentropy_forward(acts.losses, acts.probs, acts.logits, labels ? labels : noLabels_.data(), B, kClasses);
  if (!labels) return T(0);
  T sum = 0;
  for (int b = 0; b < B; ++b) sum += acts.losses[b];
  return sum / T(B);
}

template <typename T>
void Model<T>::layer_backward(int l, const T* residual, T* dresidual, const Packing& pk) {
  const int N = pk.total_rows(), C = config_.C, H = config_.H;
  const LayerParams<T> p = layer_params(params, config_, l), dp = layer_params(grads, config_, l);
  const LayerActs<T> a = layer_acts(acts, config_, l), da = layer_acts(dacts, config_, l);
  T* scratch = scratch_.data();
  residual_backward(da.residual2, da.fcproj, da.residual3, N * C);
  matmul_backward(da.fch_act, dp.fcprojw, dp.fcprojb, da.fcproj, a.fch_act, p.fcprojw, N, H, C, scratch);
  if (config_.activation == Activation::gelu) gelu_layer_backward(da.fch, a.fch, da.fch_act, N * H);
  else relu_backward(da.fch, a.fch, da.fch_act, N * H);
  matmul_backward(da.ln2, dp.fcw, dp.fcb, da.fch, a.ln2, p.fcw, N, C, H, scratch);
  norm_backward(da.residual2, dp.ln2w, dp.ln2b, da.ln2, a.residual2, p.ln2w, a.ln2_mean, a.ln2_rstd, N);
  residual_backward(dresidual, da.attproj, da.residual2, N * C);
  matmul_backward(da.atty, dp.attprojw, dp.attprojb, da.attproj, a.atty, p.attprojw, N, C, C, scratch);
  attention_backward(da.qkv, da.atty, a.qkv, a.att, pk, C, config_.NH, scratch, in_attention());
  matmul_backward(da.ln1, dp.qkvw, dp.qkvb, da.qkv, a.ln1, p.qkvw, N, C, 3 * C, scratch);
  norm_backward(dresidual, dp.ln1w, dp.ln1b, da.ln1, residual, p.ln1w, a.ln1_mean, a.ln1_rstd, N);
}

template <typename T>
void Model<T>::backward(const int* tokens, const int* labels, const Packing& pk) {
  const int B = pk.sequences, C = config_.C, L = config_.L;
  std::fill(gradMemory_.begin(), gradMemory_.end(), T(0));
  std::fill(dactMemory_.begin(), dactMemory_.end(), T(0));
  crossentropy_backward(dacts.logits, acts.probs, labels, T(1) / T(B), B, kClasses);
  matmul_backward(dacts.lnf, grads.clsw, grads.clsb, dacts.logits, acts.lnf, params.clsw, B, C, kClasses,
                  scratch_.data());
  norm_backward(dacts.pooled, grads.lnfw, grads.lnfb, dacts.lnf, acts.pooled, params.lnfw, acts.lnf_mean, acts.lnf_rstd,
                B);
  T* dlast = layer_acts(dacts, config_, L - 1).residual3;
  if (config_.readout == Readout::cls) first_row_backward(dlast, dacts.pooled, pk, C);
  else mean_pool_backward(dlast, dacts.pooled, pk, C);
  for (int l = L - 1; l >= 0; --l) {
    const T* residual = l == 0 ? acts.encoded : layer_acts(acts, config_, l - 1).residual3;
    T* dresidual = l == 0 ? dacts.encoded : layer_acts(dacts, config_, l - 1).residual3;
    layer_backward(l, residual, dresidual, pk);
  }
  encoder_backward(grads.wte, config_.encoding == Encoding::learned ? grads.wpe : nullptr, dacts.encoded, tokens, pk,
                   C);
}

template class Model<float>;
template class Model<double>;

}  // namespace pelab::training
