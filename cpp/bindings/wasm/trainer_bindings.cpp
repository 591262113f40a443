// Embind glue for the trainer (training/trainer.hpp): trainers live here, in a registry, and the JS
// layer holds their ids. Like bindings.cpp, every function takes numbers only (a named option as its
// index in the list `trainerLimits()` exports, -1 for a name not on it) and answers with a rule
// number; arrays cross through the exchange.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "describe.hpp"
#include "exchange.hpp"
#include "pelab/training/limits.hpp"
#include "pelab/training/tasks.hpp"
#include "pelab/training/trainer.hpp"

using namespace pelab;
using bindings::exchange;
using bindings::name_at;

namespace {

// The trainer's options as they cross from JS, in this order (lab.js's trainerArgs): the seven names
// as indices, then the numbers. `hiddenGiven` and `maxEvalLengthGiven` say whether the caller gave
// those at all (absent, the core derives them).
training::TrainerOptions options_of(int task, int encoding, int variant, int attention, int readout, int norm,
                                    int activation, double base, double maxLen, double layers, double dModel,
                                    double heads, bool hiddenGiven, double hidden, double minLength, double maxLength,
                                    bool maxEvalLengthGiven, double maxEvalLength, double batch, double learningRate,
                                    double beta1, double beta2, double eps, double seed) {
  namespace lim = limits::training;
  training::TrainerOptions o;
  o.task = name_at(lim::tasks, task), o.encoding = name_at(lim::encodings, encoding);
  o.variant = name_at(limits::variants, variant), o.attention = name_at(lim::attentions, attention);
  o.readout = name_at(lim::readouts, readout), o.norm = name_at(lim::norms, norm);
  o.activation = name_at(lim::activations, activation);
  o.base = base, o.maxLen = maxLen, o.layers = layers, o.dModel = dModel, o.heads = heads;
  if (hiddenGiven) o.hidden = hidden;
  if (maxEvalLengthGiven) o.maxEvalLength = maxEvalLength;
  o.minLength = minLength, o.maxLength = maxLength, o.batch = batch;
  o.learningRate = learningRate, o.beta1 = beta1, o.beta2 = beta2, o.eps = eps, o.seed = seed;
  return o;
}

// Live trainers by id. Ids are never reused, so a stale id can never reach a newer trainer.
struct Registry {
  std::map<int, std::unique_ptr<training::Trainer>> live;
  int next = 1;
  double floats = 0;  // held by the live trainers
};
Registry& registry() {
  static Registry r;
  return r;
}

int answer(const Status& s) {
  exchange().status = s;
  return static_cast<int>(s.rule);
}

training::Trainer* find(int id) {
  const auto it = registry().live.find(id);
  return it == registry().live.end() ? nullptr : it->second.get();
}

// A call on a trainer deleted in the meantime (a getter of its options may delete it) is refused here.
Status deleted(int id) { return Status::broken(Rule::no_trainer, "trainer", id, 0, 0); }

// Creates a trainer from options_of's arguments; its id goes to numbers[0].
int trainer_create(int task, int encoding, int variant, int attention, int readout, int norm, int activation,
                   double base, double maxLen, double layers, double dModel, double heads, bool hiddenGiven,
                   double hidden, double minLength, double maxLength, bool maxEvalLengthGiven, double maxEvalLength,
                   double batch, double learningRate, double beta1, double beta2, double eps, double seed) {
  training::TrainerSpec spec;
  Status s = training::make_trainer_spec(
      options_of(task, encoding, variant, attention, readout, norm, activation, base, maxLen, layers, dModel, heads,
                 hiddenGiven, hidden, minLength, maxLength, maxEvalLengthGiven, maxEvalLength, batch, learningRate,
                 beta1, beta2, eps, seed),
      spec);
  const double floats = s.ok ? training::trainer_floats(spec) : 0;
  if (s.ok) s = training::check_live_floats(registry().floats, floats);
  if (!s.ok) return answer(s);
  const int id = registry().next++;
  registry().live.emplace(id, std::make_unique<training::Trainer>(spec));
  registry().floats += floats;
  exchange().numbers[0] = id;
  return answer(s);
}

int trainer_delete(int id) {
  training::Trainer* t = find(id);
  if (t != nullptr) {
    registry().floats -= training::trainer_floats(t->spec());
    registry().live.erase(id);
  }
  return answer(Status::fine());
}

// numbers: loss, accuracy, steps, steps taken in all.
int trainer_step(int id, double steps) {
  training::Trainer* live = find(id);
  if (live == nullptr) return answer(deleted(id));
  training::Trainer& t = *live;
  const Status s = t.check_steps(steps);
  if (s.ok) {
    const training::StepStats r = t.step(static_cast<int>(steps));
    exchange().numbers = {r.loss, r.accuracy, double(r.steps), double(t.steps_taken())};
  }
  return answer(s);
}

// numbers: loss, accuracy, samples. `range`: 1 when the caller gave `lengths` (or none: the training
// range), 0 for one `length`, so that an error names the option the caller gave.
int trainer_evaluate(int id, int range, double minLength, double maxLength, double samples, double seed) {
  training::Trainer* live = find(id);
  if (live == nullptr) return answer(deleted(id));
  training::Trainer& t = *live;
  const Status s =
      range ? t.check_evaluate(minLength, maxLength, samples, seed) : t.check_evaluate(minLength, samples, seed);
  if (s.ok) {
    const training::EvalStats r = t.evaluate(static_cast<int>(minLength), static_cast<int>(maxLength),
                                             static_cast<int>(samples), static_cast<std::uint32_t>(seed));
    exchange().numbers = {r.loss, r.accuracy, double(r.samples)};
  }
  return answer(s);
}

// The tokens are in the exchange's token slot; weights go to results32[0], n × n; numbers: n, P(label 1).
int trainer_attention(int id, double layer, double head) {
  training::Trainer* live = find(id);
  if (live == nullptr) return answer(deleted(id));
  training::Trainer& t = *live;
  const std::vector<double>& raw = exchange().tokens;
  std::vector<int> tokens;
  const Status s = t.check_probe(raw.data(), raw.size(), layer, head, kNoOut, tokens);
  if (s.ok) {
    const int count = static_cast<int>(tokens.size()), n = t.probe_rows(count);
    std::vector<float>& out = exchange().results32[0];
    out.resize(static_cast<std::size_t>(n) * n);
    t.attention_weights(tokens.data(), count, static_cast<int>(layer), static_cast<int>(head), out.data());
    exchange().numbers[0] = n;
    exchange().numbers[1] = t.probability(tokens.data(), count);
  }
  return answer(s);
}

// results64[0]: 1 for each learned row a training sequence has reached, else 0 (empty unless learned).
int trainer_learned_rows(int id) {
  training::Trainer* live = find(id);
  if (live == nullptr) return answer(deleted(id));
  const std::vector<std::uint8_t>& rows = live->learned_rows_trained();
  exchange().results64[0].assign(rows.begin(), rows.end());
  return answer(Status::fine());
}

// The trainer's ranges and names (training/limits.hpp), for the JS layer's checks and messages. Built
// from constants only, once per module.
emscripten::val trainer_limits() {
  using bindings::names_of;
  using emscripten::val;
  namespace lim = limits::training;
  val choices = val::object();
  choices.set("task", names_of(lim::tasks));
  choices.set("encoding", names_of(lim::encodings));
  choices.set("attention", names_of(lim::attentions));
  choices.set("readout", names_of(lim::readouts));
  choices.set("norm", names_of(lim::norms));
  choices.set("activation", names_of(lim::activations));
  choices.set("variant", names_of(limits::variants));
  val r = val::object();
  r.set("ranges",
        bindings::ranges_of({lim::layers, lim::dModel, lim::heads, lim::hidden, lim::trainLength, lim::maxEvalLength,
                             lim::batch, lim::steps, lim::samples, limits::maxLen, limits::seed},
                            {lim::learningRate, lim::beta1, lim::beta2, lim::eps, limits::base}));
  r.set("choices", choices);
  r.set("vocabulary", training::kVocabulary);
  return r;
}

}  // namespace

EMSCRIPTEN_BINDINGS(pelab_trainer) {
  using emscripten::function;
  function("trainerLimits", &trainer_limits);
  function("trainerCreate", &trainer_create);
  function("trainerDelete", &trainer_delete);
  function("trainerStep", &trainer_step);
  function("trainerEvaluate", &trainer_evaluate);
  function("trainerAttention", &trainer_attention);
  function("trainerLearnedRows", &trainer_learned_rows);
}
