// Moving a trainer (trainer.hpp's save_state and load_state): a trainer made with the same options and
// given another's state goes on exactly as that one would, and a state that could not have come from a
// trainer is refused by name, element and range.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "pelab/training/limits.hpp"
#include "pelab/training/trainer.hpp"

using namespace pelab;
using namespace pelab::training;

namespace {

TrainerSpec trainer_spec(const char* encoding, int seed = 3) {
  TrainerOptions o;
  o.encoding = encoding, o.seed = seed;
  TrainerSpec spec;
  REQUIRE(make_trainer_spec(o, spec).ok);
  return spec;
}

std::vector<float> saved(const Trainer& t) {
  std::vector<float> state(t.state_size());
  t.save_state(state.data());
  return state;
}

}  // namespace

TEST_CASE("a trainer given another's state trains on exactly as that one, bit for bit", "[training][state]") {
  for (const char* encoding : {"learned", "rope", "alibi", "none"}) {
    SECTION(encoding) {
      Trainer stayed(trainer_spec(encoding));
      stayed.step(12);
      Trainer fresh(trainer_spec(encoding));
      fresh.step(3);  // whatever it did before is overwritten
      const std::vector<float> state = saved(stayed);
      REQUIRE(fresh.check_state(12, stayed.fingerprint(), state.data(), state.size()).ok);
      fresh.load_state(12, state.data());
      CHECK(fresh.steps_taken() == 12);
      CHECK(saved(fresh) == state);
      // Adam's update count is the step count: its bias corrections go on from step 13 in both.
      const StepStats a = fresh.step(7), b = stayed.step(7);
      CHECK(a.loss == b.loss);
      CHECK(a.accuracy == b.accuracy);
      CHECK(saved(fresh) == saved(stayed));
      CHECK(fresh.evaluate(20, 20, 64, 9).loss == stayed.evaluate(20, 20, 64, 9).loss);
      CHECK(fresh.learned_rows_trained() == stayed.learned_rows_trained());
    }
  }
}

TEST_CASE("the state is the parameters, Adam's two moments and the learned rows' flags", "[training][state]") {
  Trainer learned(trainer_spec("learned")), rope(trainer_spec("rope"));
  learned.step(2);
  const std::size_t n = learned.model().parameter_count();
  CHECK(learned.state_size() == 3 * n + learned.learned_rows_trained().size());
  CHECK(rope.state_size() == 3 * rope.model().parameter_count());  // no learned table, no flags
  const std::vector<float> state = saved(learned);
  CHECK(std::equal(state.begin(), state.begin() + long(n), learned.model().parameters()));
  const std::vector<std::uint8_t>& rows = learned.learned_rows_trained();
  for (std::size_t i = 0; i < rows.size(); ++i) CHECK(state[3 * n + i] == rows[i]);
}

TEST_CASE("a state of the wrong length or with impossible values is refused, naming the element", "[training][state]") {
  Trainer t(trainer_spec("learned"));
  t.step(2);
  std::vector<float> state = saved(t);
  const std::size_t n = t.model().parameter_count();
  SECTION("the step") {
    CHECK(t.check_state(-1, t.fingerprint(), state.data(), state.size()).param == "step");
    CHECK(t.check_state(2.5, t.fingerprint(), state.data(), state.size()).rule == Rule::integer_range);
    CHECK(t.check_state(std::ldexp(1.0, 53), t.fingerprint(), state.data(), state.size()).param == "step");
  }
  SECTION("the length") {
    const Status s = t.check_state(2, t.fingerprint(), state.data(), state.size() - 1);
    CHECK(s.rule == Rule::length);
    CHECK(s.param == "state");
    CHECK(s.hi == double(state.size()));
  }
  SECTION("a parameter or a first moment that is not finite") {
    for (const std::size_t at : {std::size_t{0}, n + 4}) {
      std::vector<float> bad = state;
      bad[at] = std::numeric_limits<float>::quiet_NaN();
      const Status s = t.check_state(2, t.fingerprint(), bad.data(), bad.size());
      CHECK(s.rule == Rule::real_range);
      CHECK(s.index == double(at));
    }
  }
  SECTION("a negative second moment") {
    state[2 * n + 1] = -1e-6f;
    const Status s = t.check_state(2, t.fingerprint(), state.data(), state.size());
    CHECK(s.lo == 0);
    CHECK(s.index == double(2 * n + 1));
  }
  SECTION("a flag other than 0 or 1") {
    state[3 * n] = 0.5f;
    const Status s = t.check_state(2, t.fingerprint(), state.data(), state.size());
    CHECK(s.rule == Rule::integer_range);
    CHECK(s.index == double(3 * n));
  }
  SECTION("the trainer's own state passes") { CHECK(t.check_state(2, t.fingerprint(), state.data(), state.size()).ok); }
}

TEST_CASE("a state loads only into a trainer made with the same options, seed included", "[training][state]") {
  // none, sinusoidal, rope and alibi hold states of the same length: only the fingerprint tells them apart.
  Trainer rope(trainer_spec("rope")), alibi(trainer_spec("alibi")), reseeded(trainer_spec("rope", 4)),
      twin(trainer_spec("rope"));
  REQUIRE(rope.state_size() == alibi.state_size());
  const std::vector<float> state = saved(rope);
  for (const Trainer* other : {&alibi, &reseeded}) {
    const Status s = other->check_state(0, rope.fingerprint(), state.data(), state.size());
    CHECK(s.rule == Rule::other_trainer);
    CHECK(s.param == "fingerprint");
    CHECK(s.hi == other->fingerprint());
  }
  CHECK(twin.fingerprint() == rope.fingerprint());
  TrainerSpec longer;
  REQUIRE(rope.check_clone(8, 24, longer).ok);
  CHECK(Trainer(rope, longer).fingerprint() != rope.fingerprint());  // a clone on other lengths is another trainer
}

TEST_CASE("a trainer loaded at the last step a double counts exactly takes no step past it", "[training][state]") {
  Trainer t(trainer_spec("none"));
  const std::vector<float> state = saved(t);
  const double last = double(limits::training::maxStepsTaken);
  REQUIRE(t.check_state(last - 2, t.fingerprint(), state.data(), state.size()).ok);
  t.load_state(static_cast<long long>(last) - 2, state.data());
  CHECK(t.check_steps(2).ok);
  const Status s = t.check_steps(3);
  CHECK(s.rule == Rule::integer_range);
  CHECK(s.hi == 2);
}

TEST_CASE("loaded moments are never subnormal, as Adam's own are not", "[training][state]") {
  Trainer t(trainer_spec("none"));
  std::vector<float> state = saved(t);
  const std::size_t n = t.model().parameter_count();
  state[n] = state[2 * n] = std::numeric_limits<float>::denorm_min();
  REQUIRE(t.check_state(0, t.fingerprint(), state.data(), state.size()).ok);
  t.load_state(0, state.data());
  const std::vector<float> back = saved(t);
  CHECK(back[n] == 0.f);
  CHECK(back[2 * n] == 0.f);
}
