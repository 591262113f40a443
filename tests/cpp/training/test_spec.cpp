// make_trainer_spec and the trainer's call checks: each rule, and the order they are checked in.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "../non_finite.hpp"
#include "pelab/training/limits.hpp"
#include "pelab/training/tasks.hpp"
#include "pelab/training/trainer.hpp"
#include "pelab/training/work.hpp"

using namespace pelab;
using namespace pelab::training;

namespace {

Status build(const TrainerOptions& o) {
  TrainerSpec spec;
  return make_trainer_spec(o, spec);
}

template <typename Change>
Status with(Change change) {
  TrainerOptions o;
  change(o);
  return build(o);
}

using pelab::testing::kNaN;

}  // namespace

TEST_CASE("trainer spec: the defaults are the issue's model", "[training]") {
  TrainerSpec s;
  REQUIRE(make_trainer_spec(TrainerOptions{}, s).ok);
  CHECK(s.task == Task::order);
  CHECK(s.encoding == Encoding::none);
  CHECK(s.readout == Readout::mean);
  CHECK_FALSE(s.causal);
  CHECK((s.layers == 1 && s.dModel == 16 && s.heads == 2 && s.hidden == 32 && s.batch == 32));
  CHECK((s.minLength == 8 && s.maxLength == 16));
  CHECK((s.learningRate == 1e-2 && s.beta1 == 0.9 && s.beta2 == 0.999 && s.eps == 1e-8));
  // The count: about 3.9 M multiply-adds per step at the longest training length.
  CHECK(step_multiply_adds(s) == Approx(3.93e6).epsilon(0.01));
}

TEST_CASE("trainer spec: every choice is checked by name", "[training]") {
  const auto choice = [](const Status& s, const char* param) {
    return !s.ok && s.rule == Rule::choice && s.param == param;
  };
  CHECK(choice(with([](auto& o) { o.task = "sort"; }), "task"));
  CHECK(choice(with([](auto& o) { o.encoding = "alibi-causal"; }), "encoding"));
  CHECK(choice(with([](auto& o) { o.variant = "fairseq"; }), "variant"));
  CHECK(choice(with([](auto& o) { o.attention = "masked"; }), "attention"));
  CHECK(choice(with([](auto& o) { o.readout = "max"; }), "readout"));
  CHECK(choice(with([](auto& o) { o.norm = "batchnorm"; }), "norm"));
  CHECK(choice(with([](auto& o) { o.activation = "swish"; }), "activation"));
  for (const char* name : {"order", "count"}) CHECK(with([&](auto& o) { o.task = name; }).ok);
  for (const char* name : {"none", "sinusoidal", "learned", "rope", "alibi"})
    CHECK(with([&](auto& o) { o.encoding = name; }).ok);
  for (const char* name : limits::training::encodings) {
    TrainerOptions o;
    o.encoding = name;
    TrainerSpec spec;
    REQUIRE(make_trainer_spec(o, spec).ok);
    CHECK(std::string(limits::training::encodings[std::size_t(spec.encoding)]) == name);  // name for name
  }
  for (const char* name : {"cls", "mean"}) CHECK(with([&](auto& o) { o.readout = name; }).ok);
  CHECK(with([](auto& o) { o.attention = "causal", o.norm = "rmsnorm", o.activation = "relu"; }).ok);
}

TEST_CASE("trainer spec: every number is checked for NaN, fractions and range", "[training]") {
  struct Field {
    const char* param;
    double TrainerOptions::*field;
    double tooBig;
  };
  const std::vector<Field> fields{{"base", &TrainerOptions::base, 2e9},
                                  {"maxLen", &TrainerOptions::maxLen, 1e6},
                                  {"layers", &TrainerOptions::layers, 5},
                                  {"dModel", &TrainerOptions::dModel, 512},
                                  {"heads", &TrainerOptions::heads, 17},
                                  {"trainLength", &TrainerOptions::minLength, 600},
                                  {"trainLength", &TrainerOptions::maxLength, 600},
                                  {"batch", &TrainerOptions::batch, 2048},
                                  {"learningRate", &TrainerOptions::learningRate, 2},
                                  {"beta1", &TrainerOptions::beta1, 1},
                                  {"beta2", &TrainerOptions::beta2, 1},
                                  {"eps", &TrainerOptions::eps, 2},
                                  {"seed", &TrainerOptions::seed, 4294967296.0}};
  for (const Field& f : fields)
    for (double bad : {kNaN, std::numeric_limits<double>::infinity(), -1.0, f.tooBig}) {
      const Status s = with([&](TrainerOptions& o) { o.*(f.field) = bad; });
      INFO(f.param << " = " << bad);
      CHECK_FALSE(s.ok);
      CHECK(s.param == f.param);
      CHECK(((s.rule == Rule::integer_range || s.rule == Rule::real_range) || std::string(f.param) == "trainLength"));
    }
  CHECK(with([](auto& o) { o.layers = 1.5; }).rule == Rule::integer_range);
  for (double bad : {kNaN, std::numeric_limits<double>::infinity(), -1.0, 2000.0, 64.5})
    CHECK(with([&](auto& o) { o.maxEvalLength = bad; }).param == "maxEvalLength");
  for (double bad : {kNaN, 0.0, 2048.0, 2.5}) CHECK(with([&](auto& o) { o.hidden = bad; }).param == "hidden");
  // Absent, the MLP width follows dModel: 2 × dModel (so dModel 600 fails as dModel, not as hidden).
  TrainerOptions o;
  o.dModel = 24, o.heads = 3;
  TrainerSpec s;
  REQUIRE(make_trainer_spec(o, s).ok);
  CHECK(s.hidden == 48);
  o.hidden = 20;
  REQUIRE(make_trainer_spec(o, s).ok);
  CHECK(s.hidden == 20);
  CHECK(with([](auto& o) { o.dModel = 600; }).param == "dModel");
}

TEST_CASE("trainer spec: the rules between fields", "[training]") {
  Status s = with([](auto& o) { o.minLength = 10, o.maxLength = 9; });
  CHECK((s.rule == Rule::integer_range && s.param == "trainLength" && s.index == 1 && s.lo == 10));
  s = with([](auto& o) { o.minLength = 1; });
  CHECK((s.rule == Rule::integer_range && s.param == "trainLength" && s.index == 0 && s.lo == 2));
  s = with([](auto& o) { o.maxEvalLength = 15; });
  CHECK((s.rule == Rule::integer_range && s.param == "maxEvalLength" && s.lo == 16));
  // Absent, maxEvalLength is 64, or the longest training length when that is longer: a long
  // trainLength alone is accepted, not refused in maxEvalLength's name.
  TrainerSpec spec;
  TrainerOptions longer;
  longer.maxLength = 200;
  REQUIRE(make_trainer_spec(longer, spec).ok);
  CHECK(spec.maxEvalLength == 200);
  REQUIRE(make_trainer_spec(TrainerOptions{}, spec).ok);
  CHECK(spec.maxEvalLength == 64);
  // RoPE turns pairs within a head: dModel 12 over 4 heads leaves each head 3 dimensions.
  s = with([](auto& o) { o.encoding = "rope", o.dModel = 12, o.heads = 4; });
  CHECK((s.rule == Rule::odd_head_width && s.param == "dModel" && s.got == 12 && s.lo == 4));
  CHECK(with([](auto& o) { o.encoding = "rope", o.dModel = 12, o.heads = 3; }).ok);
  CHECK(with([](auto& o) { o.encoding = "alibi", o.dModel = 12, o.heads = 4; }).ok);
  s = with([](auto& o) { o.dModel = 18, o.heads = 4; });
  CHECK((s.rule == Rule::not_divisible && s.param == "dModel" && s.got == 18 && s.lo == 4));
  s = with([](auto& o) { o.encoding = "sinusoidal", o.dModel = 15, o.heads = 3; });
  CHECK((s.rule == Rule::even_width && s.param == "dModel"));
  CHECK(with([](auto& o) { o.encoding = "sinusoidal", o.variant = "halves", o.dModel = 15, o.heads = 3; }).ok);
  // A learned table needs a row for every training position: 16 tokens after a CLS reach position 16.
  s = with([](auto& o) { o.encoding = "learned", o.readout = "cls", o.maxLen = 16; });
  CHECK((s.rule == Rule::learned_short_of_training && s.param == "maxLen" && s.got == 16 && s.lo == 16));
  CHECK(with([](auto& o) { o.encoding = "learned", o.readout = "mean", o.maxLen = 16; }).ok);
}

TEST_CASE("trainer spec: work per step and memory are capped", "[training]") {
  Status s = with([](auto& o) {
    o.batch = 1024, o.dModel = 256, o.hidden = 1024, o.layers = 4, o.maxLength = 512, o.maxEvalLength = 512;
  });
  CHECK((s.rule == Rule::work && s.cost == Cost::training_step && s.got > s.hi));
  s = with([](auto& o) { o.encoding = "learned", o.maxLen = 65536, o.dModel = 64; });
  CHECK((s.rule == Rule::memory && s.param == "maxLen" && s.got > s.hi));
  s = with([](auto& o) { o.maxEvalLength = 1024, o.heads = 16, o.layers = 4; });
  CHECK((s.rule == Rule::memory && s.param == "maxEvalLength"));
}

TEST_CASE("trainer: step, evaluate and probe arguments are checked", "[training]") {
  TrainerOptions o;
  o.encoding = "learned", o.maxLen = 40, o.readout = "cls";
  TrainerSpec spec;
  REQUIRE(make_trainer_spec(o, spec).ok);
  Trainer t(spec);
  CHECK(t.check_steps(10).ok);
  CHECK(t.check_steps(0).rule == Rule::integer_range);
  CHECK(t.check_steps(kNaN).rule == Rule::integer_range);
  const Status work = t.check_steps(1e6);
  CHECK((work.rule == Rule::work && work.cost == Cost::training_step && work.param == "steps"));

  CHECK(t.check_evaluate(39, 100, 1).ok);
  const Status row = t.check_evaluate(40, 100, 1);  // with CLS, position 40 has no row in 40
  CHECK((row.rule == Rule::no_learned_row && row.got == 40 && row.hi == 39));
  CHECK(t.check_evaluate(1, 100, 1).rule == Rule::integer_range);
  CHECK(t.check_evaluate(65, 100, 1).rule == Rule::integer_range);  // past maxEvalLength
  CHECK(t.check_evaluate(65, 100, 1).param == "length");
  // A range names `lengths` and the element at fault.
  CHECK(t.check_evaluate(8, 16, 100, 1).ok);
  const Status low = t.check_evaluate(1, 16, 100, 1), high = t.check_evaluate(8, 65, 100, 1);
  CHECK((low.param == "lengths" && low.index == 0 && low.rule == Rule::integer_range));
  CHECK((high.param == "lengths" && high.index == 1 && high.hi == 64));
  CHECK(t.check_evaluate(8, 40, 100, 1).param == "lengths");  // no learned row for position 40
  CHECK(t.check_evaluate(8, 16, 0, 1).param == "samples");
  CHECK(t.check_evaluate(12, 0, 1).param == "samples");
  CHECK(t.check_evaluate(12, 10, -1).param == "seed");
  CHECK(t.check_evaluate(12, 1e6, 1).cost == Cost::evaluation);

  std::vector<int> tokens;
  const std::vector<double> raw{3, 1, 4, 2, 5};
  CHECK(t.check_probe(raw.data(), raw.size(), 0, 1, tokens).ok);
  CHECK(tokens == std::vector<int>{3, 1, 4, 2, 5});
  CHECK(t.check_probe(raw.data(), raw.size(), 1, 0, tokens).param == "layer");
  CHECK(t.check_probe(raw.data(), raw.size(), 0, 2, tokens).param == "head");
  CHECK(t.check_probe(raw.data(), 0, 0, 0, tokens).rule == Rule::count);
  const std::vector<double> bad{3, 1, 8};
  const Status token = t.check_probe(bad.data(), bad.size(), 0, 0, tokens);
  CHECK((token.rule == Rule::token && token.index == 2 && token.hi == kVocabulary - 1));
  const std::vector<double> longer(40, 3.0);  // 40 + CLS rows: position 40 has no learned row
  CHECK(t.check_probe(longer.data(), longer.size(), 0, 0, tokens).rule == Rule::no_learned_row);
}
