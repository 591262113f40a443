// Evaluating a trained RoPE model past its trained length with a scaling (trainer.hpp's evaluate with a
// RopeScaling): the angles change for those passes only, and they are the angles rope_scaling.hpp gives.
#include <catch2/catch.hpp>
#include <cmath>

#include "pelab/training/trainer.hpp"

using namespace pelab;
using namespace pelab::training;

namespace {

TrainerSpec rope_spec(double base, const char* encoding = "rope") {
  TrainerOptions o;
  o.encoding = encoding, o.base = base, o.seed = 5, o.maxEvalLength = 64;
  TrainerSpec spec;
  REQUIRE(make_trainer_spec(o, spec).ok);
  return spec;
}

RopeScaling checked(const Trainer& t, RawRopeScaling raw) {
  RopeScaling c;
  REQUIRE(t.check_rope_scaling(raw, c).ok);
  return c;
}

}  // namespace

TEST_CASE("NTK-aware scaling evaluates a RoPE model exactly as that model with the NTK base would",
          "[training][rope_scaling]") {
  // Untrained, the same seed: the same weights whatever the base, so the only difference is the angles.
  // NTK-aware scaling by s is the base · s^(r/(r−2)), r the head width (16 / 2 heads = 8).
  const double s = 4, r = 8, base = 10000;
  Trainer scaled(rope_spec(base)), rebased(rope_spec(base * std::pow(s, r / (r - 2))));
  const EvalStats a = scaled.evaluate(40, 40, 64, 3, checked(scaled, {"ntk", s}));
  const EvalStats b = rebased.evaluate(40, 40, 64, 3);
  CHECK(a.loss == Approx(b.loss).epsilon(1e-5));
  CHECK(a.accuracy == b.accuracy);
}

TEST_CASE("a scaled evaluation leaves the trained angles: training and plain evaluation are as before",
          "[training][rope_scaling]") {
  Trainer t(rope_spec(10000)), twin(rope_spec(10000));
  t.step(20), twin.step(20);
  const EvalStats before = t.evaluate(48, 48, 64, 1);
  const EvalStats stretched = t.evaluate(48, 48, 64, 1, checked(t, {"yarn", 4, 16}));
  CHECK(stretched.loss != before.loss);  // the angles did change for that pass
  const EvalStats after = t.evaluate(48, 48, 64, 1);
  CHECK(after.loss == before.loss);
  CHECK(t.evaluate(48, 48, 64, 1, checked(t, {})).loss == before.loss);  // none: the trained angles
  t.step(5), twin.step(5);
  CHECK(t.evaluate(12, 12, 32, 2).loss == twin.evaluate(12, 12, 32, 2).loss);
}

TEST_CASE("a scaling is checked as ropeScaling, and only a RoPE trainer takes one", "[training][rope_scaling]") {
  Trainer rope(rope_spec(10000)), sinusoidal(rope_spec(10000, "sinusoidal"));
  RopeScaling c;
  CHECK(rope.check_rope_scaling({"yarn", 4}, c).param == "ropeScaling.originalMaxPositions");
  CHECK(rope.check_rope_scaling({"linear", 0.5}, c).param == "ropeScaling.factor");
  const Status other = sinusoidal.check_rope_scaling({"linear", 2}, c);
  CHECK(other.rule == Rule::rope_only);
  CHECK(other.param == "ropeScaling");
  CHECK(sinusoidal.check_rope_scaling({}, c).ok);  // none is no scaling, for any trainer
}

TEST_CASE("a clone trains on as the original would, and on longer lengths where asked", "[training][rope_scaling]") {
  Trainer t(rope_spec(10000));
  t.step(15);
  TrainerSpec same, longer;
  REQUIRE(t.check_clone(8, 16, same).ok);
  Trainer copy(t, same);
  CHECK(copy.steps_taken() == 15);
  CHECK(copy.step(5).loss == t.step(5).loss);  // the same parameters, moments and batches from here
  CHECK(copy.evaluate(40, 40, 64, 2).loss == t.evaluate(40, 40, 64, 2).loss);
  REQUIRE(t.check_clone(16, 48, longer).ok);
  Trainer stretched(t, longer);
  CHECK(stretched.spec().minLength == 16);
  CHECK(stretched.spec().maxEvalLength == 64);
  const RopeScaling yarn = checked(stretched, {"yarn", 4, 16});
  const StepStats tuned = stretched.step(3, yarn);
  CHECK(std::isfinite(tuned.loss));
  CHECK(t.evaluate(40, 40, 64, 2).loss == copy.evaluate(40, 40, 64, 2).loss);  // the original is untouched
  TrainerSpec bad;
  CHECK(t.check_clone(1, 16, bad).param == "trainLength");
  const Status reversed = t.check_clone(16, 8, bad);
  CHECK(reversed.index == 1);
}
