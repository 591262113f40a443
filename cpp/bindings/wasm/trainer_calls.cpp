// The trainer's calls (training/trainer.hpp): trainers live here, in a registry, and the JS layer holds
// their ids. The trainer's own options are declared from the core's rows (training/spec.hpp): nothing
// here names one, so an option's declaration is its TrainerOptions field and its row, and lab.d.ts.
#include <map>
#include <memory>

#include "calls.hpp"
#include "pelab/training/limits.hpp"
#include "pelab/training/spec.hpp"
#include "pelab/training/trainer.hpp"
#include "scaling_options.hpp"

namespace pelab::bindings {
namespace {

using training::TrainerOptionRow;
using training::TrainerOptions;

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

training::Trainer* find(int id) {
  const auto it = registry().live.find(id);
  return it == registry().live.end() ? nullptr : it->second.get();
}

// The declaration of one of the core's rows: its kind and its default (the field's initializer).
Option declared(const TrainerOptionRow& row) {
  const TrainerOptions defaults;
  using H = TrainerOptionRow::Holds;
  switch (row.holds) {
    case H::name: return name(row.name, row.names.at(row.names.index_of(defaults.*row.text)), row.names);
    case H::number: return number(row.name, defaults.*row.value);
    case H::optional: return optional(row.name);
    case H::pair: return pair(row.name, defaults.*row.value, defaults.*row.second);
  }
  return {};
}

TrainerOptions options_of(const CallIO& io) {
  TrainerOptions o;
  using H = TrainerOptionRow::Holds;
  for (const TrainerOptionRow& row : training::trainer_option_rows()) {
    if (row.holds == H::name) o.*row.text = io.choice(row.name);
    if (row.holds == H::number || row.holds == H::pair) o.*row.value = io.number(row.name);
    if (row.holds == H::pair) o.*row.second = io.second(row.name);
    if (row.holds == H::optional && io.given(row.name)) o.*row.maybe = io.number(row.name);
  }
  return o;
}

// A call on a trainer deleted in the meantime (a getter of its options may delete it) is refused here.
Status deleted(int id) { return Status::broken(Rule::no_trainer, "trainer", id, 0, 0); }

// The trainer a method runs on, or null with the status that says so.
training::Trainer* live(const CallIO& io, Status& s) {
  const int id = static_cast<int>(io.number("trainer"));
  training::Trainer* t = find(id);
  s = t == nullptr ? deleted(id) : Status::fine();
  return t;
}

// A trainer made from `spec` (by `make`) joins the registry if its memory fits beside the live ones; its
// id, lengths and encoding are the call's answer (trainer() and a trainer's clone() alike).
template <typename Make>
Status register_trainer(CallIO& io, const training::TrainerSpec& spec, Make make) {
  const double floats = training::trainer_floats(spec);
  const Status s = training::check_live_floats(registry().floats, floats);
  if (!s.ok) return s;
  const int id = registry().next++;
  registry().live.emplace(id, make());
  registry().floats += floats;
  io.set("id", id);
  io.set("trainLength.0", spec.minLength);
  io.set("trainLength.1", spec.maxLength);
  io.set("encoding", static_cast<double>(spec.encoding));
  return s;
}

Status create(CallIO& io) {
  training::TrainerSpec spec;
  const Status s = training::make_trainer_spec(options_of(io), spec);
  if (!s.ok) return s;
  return register_trainer(io, spec, [&] { return std::make_unique<training::Trainer>(spec); });
}

Status step(CallIO& io) {
  Status s;
  training::Trainer* t = live(io, s);
  if (s.ok) s = t->check_steps(io.number("steps"));
  RopeScaling scaling;
  if (s.ok) s = t->check_rope_scaling(raw_scaling(io, "ropeScaling"), scaling);
  if (s.ok) {
    const training::StepStats r = t->step(static_cast<int>(io.number("steps")), scaling);
    io.set("step", double(t->steps_taken()));
    io.set("loss", r.loss);
    io.set("accuracy", r.accuracy);
    io.set("steps", double(r.steps));
  }
  return s;
}

// A copy of a live trainer, registered as a trainer of its own (its memory counted like any other's),
// training from now on on `trainLength` (left out: the original's).
Status clone(CallIO& io) {
  Status s;
  training::Trainer* t = live(io, s);
  if (!s.ok) return s;
  const bool given = io.given("trainLength");
  training::TrainerSpec spec;
  s = t->check_clone(given ? io.number("trainLength") : t->spec().minLength,
                     given ? io.second("trainLength") : t->spec().maxLength, spec);
  if (!s.ok) return s;
  return register_trainer(io, spec, [&] { return std::make_unique<training::Trainer>(*t, spec); });
}

// Exactly `length`, else the range `lengths`, else the trainer's training range; an error names the
// option the caller gave.
Status evaluate(CallIO& io) {
  Status s;
  training::Trainer* t = live(io, s);
  if (!s.ok) return s;
  const double samples = io.number("samples"), seed = io.number("seed");
  const bool one = io.given("length"), range = io.given("lengths");
  const double lo = one ? io.number("length") : range ? io.number("lengths") : t->spec().minLength;
  const double hi = one ? lo : range ? io.second("lengths") : t->spec().maxLength;
  s = one ? t->check_evaluate(lo, samples, seed) : t->check_evaluate(lo, hi, samples, seed);
  RopeScaling scaling;
  if (s.ok) s = t->check_rope_scaling(raw_scaling(io, "ropeScaling"), scaling);
  if (s.ok) {
    const training::EvalStats r = t->evaluate(static_cast<int>(lo), static_cast<int>(hi), static_cast<int>(samples),
                                              static_cast<std::uint32_t>(seed), scaling);
    io.set("accuracy", r.accuracy);
    io.set("loss", r.loss);
    io.set("samples", double(r.samples));
  }
  return s;
}

Status attention_weights(CallIO& io) {
  Status s;
  training::Trainer* t = live(io, s);
  if (!s.ok) return s;
  const std::vector<double>& raw = io.tokens("tokens");
  const double layer = io.number("layer"), head = io.number("head");
  std::vector<int> tokens;
  s = t->check_probe(raw.data(), raw.size(), layer, head, tokens);
  if (s.ok) {
    const int count = static_cast<int>(tokens.size()), n = t->probe_rows(count);
    std::vector<float>& out = io.float32("weights", static_cast<std::size_t>(n) * n);
    const double p =
        t->attention_weights(tokens.data(), count, static_cast<int>(layer), static_cast<int>(head), out.data());
    io.set("n", n);
    io.set("probability", p);
  }
  return s;
}

// 1 for each learned row a training sequence has reached, else 0 (empty unless learned).
Status learned_rows(CallIO& io) {
  Status s;
  training::Trainer* t = live(io, s);
  if (!s.ok) return s;
  const std::vector<std::uint8_t>& rows = t->learned_rows_trained();
  std::vector<double>& out = io.float64("", rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) out[i] = rows[i];
  return s;
}

// What the trainer keeps, to be loaded into a trainer made with the same options (a page's pool of workers
// moves an arm so). Refused when it would be longer than a call takes back (a trainer of over 2.7 M parameters).
Status save_state(CallIO& io) {
  Status s;
  training::Trainer* t = live(io, s);
  if (!s.ok) return s;
  const auto floats = static_cast<double>(t->state_size());
  if (floats > static_cast<double>(limits::maxElements))
    return Status::broken(Rule::state_elements, "trainer", floats, 0, static_cast<double>(limits::maxElements));
  t->save_state(io.float32("state", t->state_size()).data());
  io.set("step", double(t->steps_taken()));
  io.set("fingerprint", double(t->fingerprint()));
  return s;
}

Status load_state(CallIO& io) {
  Status s;
  training::Trainer* t = live(io, s);
  const std::vector<float>& state = io.floats("state");
  if (s.ok) s = t->check_state(io.number("step"), io.number("fingerprint"), state.data(), state.size());
  if (s.ok) t->load_state(static_cast<long long>(io.number("step")), state.data());
  return s;
}

// The trainer's own options, declared from the core's rows once, at load.
const std::vector<Option>& made_options() {
  static const std::vector<Option> made = [] {
    std::vector<Option> v;
    for (const TrainerOptionRow& row : training::trainer_option_rows()) v.push_back(declared(row));
    return v;
  }();
  return made;
}

constexpr Option kTrainer = required("trainer", Kind::trainer);
constexpr Option kStep[] = {kTrainer, number("steps", 1), SCALING_OPTIONS("ropeScaling", "")};
constexpr Option kClone[] = {kTrainer, optional("trainLength", Kind::pair)};
constexpr Option kEvaluate[] = {kTrainer,
                                optional("length"),
                                optional("lengths", Kind::pair, "length"),
                                number("samples", 512),
                                number("seed", 0),
                                SCALING_OPTIONS("ropeScaling", "")};
constexpr Option kProbe[] = {kTrainer, required("tokens", Kind::tokens), number("layer", 0), number("head", 0)};
constexpr Option kOnlyTrainer[] = {kTrainer};
constexpr Option kLoad[] = {kTrainer, required("step"), required("fingerprint"), required("state", Kind::floats)};

constexpr Result kMade[] = {{"id", Shape::number},
                            {"trainLength.0", Shape::number},
                            {"trainLength.1", Shape::number},
                            {"encoding", Shape::name, limits::training::encodings}};
constexpr Result kStepped[] = {
    {"step", Shape::number}, {"loss", Shape::number}, {"accuracy", Shape::number}, {"steps", Shape::number}};
constexpr Result kEvaluated[] = {{"accuracy", Shape::number}, {"loss", Shape::number}, {"samples", Shape::number}};
constexpr Result kProbed[] = {{"n", Shape::number}, {"weights", Shape::float32}, {"probability", Shape::number}};
constexpr Result kRows[] = {{"", Shape::bytes}};
constexpr Result kSaved[] = {{"step", Shape::number}, {"fingerprint", Shape::number}, {"state", Shape::float32}};

}  // namespace

const std::vector<Call>& trainer_calls() {
  static const std::vector<Call> table{
      {"trainer", "trainer", made_options(), kMade, create},
      {"trainer.step", "trainer", kStep, kStepped, step},
      {"trainer.evaluate", "trainer", kEvaluate, kEvaluated, evaluate},
      {"trainer.attentionWeights", "trainer", kProbe, kProbed, attention_weights},
      {"trainer.learnedRowsTrained", "trainer", kOnlyTrainer, kRows, learned_rows},
      {"trainer.clone", "trainer", kClone, kMade, clone},
      {"trainer.saveState", "trainer", kOnlyTrainer, kSaved, save_state},
      {"trainer.loadState", "trainer", kLoad, {}, load_state},
  };
  return table;
}

void delete_trainer(int id) {
  training::Trainer* t = find(id);
  if (t == nullptr) return;
  registry().floats -= training::trainer_floats(t->spec());
  registry().live.erase(id);
}

}  // namespace pelab::bindings
