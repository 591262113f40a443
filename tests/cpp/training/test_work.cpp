// The trainer's work cap (training/work.hpp): every cost of a call counts, so a call the old model let
// through for its few multiply-adds (Adam over a huge table, a million tiny steps) is refused, and a
// refusal names the most that fits, which is accepted. (Times are in tests/bench/caps.mjs, not here.)
#include <catch2/catch.hpp>

#include "pelab/training/trainer.hpp"
#include "pelab/training/work.hpp"
#include "pelab/validation/limits.hpp"

using namespace pelab;
using namespace pelab::training;

namespace {

// The smallest model: dModel 2, one head, hidden 1, batch 1, sequences of 2 tokens.
TrainerOptions tiny() {
  TrainerOptions o;
  o.dModel = 2, o.heads = 1, o.hidden = 1, o.batch = 1, o.minLength = 2, o.maxLength = 2;
  return o;
}

TrainerSpec checked_spec(const TrainerOptions& o) {
  TrainerSpec spec;
  REQUIRE(make_trainer_spec(o, spec).ok);
  return spec;
}

// `steps` is refused as work, and the most it names is accepted while one more is not.
void check_steps_capped(const Trainer& t, double steps) {
  const Status s = t.check_steps(steps);
  REQUIRE((s.rule == Rule::work && s.param == "steps" && s.cost == Cost::training_step));
  CHECK((s.got > s.hi && s.hi == limits::maxWork));
  // Each step's work and the call's own, which the message shows: got = steps × b + the call's.
  CHECK(s.b == step_work(t.spec()));
  CHECK(s.got == Approx(steps * s.b + call_work(t.spec())));
  REQUIRE(s.a >= 1);
  CHECK(s.a < steps);
  CHECK(t.check_steps(s.a).ok);
  CHECK(t.check_steps(s.a + 1).rule == Rule::work);
}

}  // namespace

TEST_CASE("work cap: Adam's update of a whole learned table counts (step(1e6) at maxLen 65536)", "[training]") {
  // Per token almost nothing, but 262,144 table parameters updated every step: about 1 ms a step, so
  // a million steps would run ~20 minutes (issue 20). The old model counted 676 units a step.
  TrainerOptions o = tiny();
  o.dModel = 4, o.encoding = "learned", o.maxLen = 65536;
  const Trainer t(checked_spec(o));
  check_steps_capped(t, 1e6);
}

TEST_CASE("work cap: Adam and gradient clearing over many parameters count", "[training]") {
  // dModel 256 on 2-token sequences: ~0.8 M weighted multiply-adds a step, which allowed 1,358 steps,
  // but 268 k parameters updated and cleared every step.
  TrainerOptions o = tiny();
  o.dModel = 256;
  const Trainer t(checked_spec(o));
  check_steps_capped(t, 1000);
}

TEST_CASE("work cap: a step's fixed cost counts (a tiny model's step(1e6))", "[training]") {
  const Trainer t(checked_spec(tiny()));
  check_steps_capped(t, 1e6);
  CHECK(t.check_steps(1000).ok);
}

TEST_CASE("work cap: an evaluated sample's fixed cost counts (1e6 samples at 4 layers)", "[training]") {
  TrainerOptions o = tiny();
  o.layers = 4;
  const Trainer t(checked_spec(o));
  for (const bool range : {false, true}) {
    const Status s = range ? t.check_evaluate(2, 2, 1e6, 0) : t.check_evaluate(2, 1e6, 0);
    REQUIRE((s.rule == Rule::work && s.param == "samples" && s.cost == Cost::evaluation));
    REQUIRE(s.a >= 512);  // evaluate()'s default sample count always fits
    CHECK(t.check_evaluate(2, s.a, 0).ok);
    CHECK(t.check_evaluate(2, s.a + 1, 0).rule == Rule::work);
  }
}

TEST_CASE("work cap: a wide hidden layer's activations count, GELU's more than ReLU's", "[training]") {
  // dModel 2 with hidden 1024 over 4 layers: few multiply-adds, but 8,192 activated floats a sample. The
  // model before counted none: 47,247 samples fitted (3–6 s with GELU, issue 20's attack) and 1,769 steps.
  TrainerOptions o = tiny();
  o.hidden = 1024, o.layers = 4;
  for (const char* activation : {"gelu", "relu"}) {
    o.activation = activation;
    const Trainer t(checked_spec(o));
    const Status s = t.check_evaluate(2, 47247, 0);
    REQUIRE((s.rule == Rule::work && s.param == "samples"));
    CHECK(s.a < 47247 / 4);
    check_steps_capped(t, 1769);
  }
  TrainerOptions relu = o, gelu = o;
  relu.activation = "relu", gelu.activation = "gelu";
  CHECK(step_work(checked_spec(gelu)) > step_work(checked_spec(relu)));
  CHECK(sample_work(checked_spec(gelu), 2) > sample_work(checked_spec(relu), 2));
}

TEST_CASE("work cap: the count is the sum of its parts", "[training]") {
  // Each part grows the work: more parameters (a learned table), more cleared gradient floats (a longer
  // maxEvalLength, which only sizes buffers), more layers.
  const TrainerSpec base = checked_spec(tiny());
  TrainerOptions table = tiny(), buffers = tiny(), deeper = tiny();
  table.encoding = "learned", table.maxLen = 1024;
  buffers.maxEvalLength = 1024;
  deeper.layers = 2;
  CHECK(step_work(checked_spec(table)) > step_work(base) + 1024 * 2 * 20);
  CHECK(step_work(checked_spec(buffers)) > step_work(base) + 1000 * 2);
  CHECK(step_work(checked_spec(deeper)) > step_work(base));
  CHECK(sample_work(checked_spec(deeper), 2) > sample_work(base, 2));
  CHECK(probe_work(base, 2) == sample_work(base, 2) + call_work(base));  // one forward pass
}
