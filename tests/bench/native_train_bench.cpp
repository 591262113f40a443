// The trainer natively: steps per second of the default model per arm (and of the sinusoidal arm at a
// fixed length of 16, the shape of a batch padded to its longest), how many steps and how many seconds
// of training (evaluation not counted) the sinusoidal arm needs to pass 95% on `order`, and every arm's
// accuracy in and beyond its training lengths. Prints one JSON object.
// Usage: pelab_native_train_bench [steps per arm for the accuracy table, 1000; 0 leaves the table out]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "pelab/training/trainer.hpp"
#include "pelab/training/work.hpp"

using namespace pelab::training;

namespace {

struct Arm {
  const char* encoding;
  const char* attention;
  const char* readout;
  std::string name() const { return std::string(encoding) + "/" + attention + "/" + readout; }
};

const std::vector<Arm> kArms{
    {"none", "bidirectional", "mean"}, {"sinusoidal", "bidirectional", "mean"}, {"learned", "bidirectional", "mean"},
    {"none", "causal", "mean"},        {"sinusoidal", "causal", "mean"},        {"learned", "causal", "mean"},
    {"none", "bidirectional", "cls"},  {"sinusoidal", "bidirectional", "cls"},  {"learned", "bidirectional", "cls"},
    {"rope", "bidirectional", "mean"}, {"alibi", "bidirectional", "mean"},      {"rope", "causal", "mean"},
    {"alibi", "causal", "mean"},       {"rope", "bidirectional", "cls"},        {"alibi", "bidirectional", "cls"}};
constexpr int kSeeds = 5;

TrainerSpec spec_of(const Arm& arm, int seed, int minLength = 8) {
  TrainerOptions o;
  o.encoding = arm.encoding, o.attention = arm.attention, o.readout = arm.readout, o.seed = seed;
  o.minLength = minLength;
  TrainerSpec spec;
  if (!make_trainer_spec(o, spec).ok) std::abort();
  return spec;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Median steps/s of three runs of 300 steps, after 20 steps of warm-up.
double steps_per_second(const Arm& arm, int minLength = 8) {
  std::vector<double> rates;
  Trainer t(spec_of(arm, 0, minLength));
  t.step(20);
  for (int run = 0; run < 3; ++run) {
    const auto start = std::chrono::steady_clock::now();
    t.step(300);
    rates.push_back(300 / seconds_since(start));
  }
  return median(rates);
}

// Steps until 256 fresh samples of the training lengths are classified ≥ 95% right, checked every 10;
// `seconds` gets the time spent in step() alone.
long long steps_to_95(const Arm& arm, int seed, double& seconds) {
  Trainer t(spec_of(arm, seed));
  const TrainerSpec& s = t.spec();
  seconds = 0;
  while (t.steps_taken() < 20000) {
    const auto start = std::chrono::steady_clock::now();
    t.step(10);
    seconds += seconds_since(start);
    const auto check = static_cast<std::uint32_t>(t.steps_taken());
    if (t.evaluate(s.minLength, s.maxLength, 256, check).accuracy >= 0.95) break;
  }
  return t.steps_taken();
}

}  // namespace

int main(int argc, char** argv) {
  const int steps = argc > 1 ? std::atoi(argv[1]) : 1000;
  const TrainerSpec defaults = spec_of(kArms[0], 0);
  std::printf(
      "{\n  \"model\": {\"layers\": %d, \"dModel\": %d, \"heads\": %d, \"hidden\": %d, \"batch\": %d, "
      "\"trainLength\": [%d, %d], \"multiplyAddsPerStep\": %.0f},\n",
      defaults.layers, defaults.dModel, defaults.heads, defaults.hidden, defaults.batch, defaults.minLength,
      defaults.maxLength, step_multiply_adds(defaults));

  std::printf("  \"stepsPerSecond\": {");
  for (std::size_t i = 0; i < kArms.size(); ++i)
    std::printf("%s\"%s\": %.0f", i ? ", " : "", kArms[i].name().c_str(), steps_per_second(kArms[i]));
  std::printf("},\n");
  std::printf("  \"stepsPerSecondFixed16\": {\"%s\": %.0f},\n", kArms[1].name().c_str(),
              steps_per_second(kArms[1], 16));

  std::vector<double> to95, seconds(kSeeds);
  for (int seed = 0; seed < kSeeds; ++seed)
    to95.push_back(static_cast<double>(steps_to_95(kArms[1], seed, seconds[std::size_t(seed)])));
  std::printf("  \"stepsTo95\": {\"arm\": \"%s\", \"evaluateEvery\": 10, \"samples\": 256, \"seeds\": [",
              kArms[1].name().c_str());
  for (int i = 0; i < kSeeds; ++i) std::printf("%s%.0f", i ? ", " : "", to95[std::size_t(i)]);
  std::printf("], \"median\": %.0f, \"trainSeconds\": [", median(to95));
  for (int i = 0; i < kSeeds; ++i) std::printf("%s%.5f", i ? ", " : "", seconds[std::size_t(i)]);
  std::printf("], \"medianTrainSeconds\": %.5f}%s\n", median(seconds), steps > 0 ? "," : "");
  if (steps <= 0) {
    std::printf("}\n");
    return 0;
  }

  // Accuracy after `steps` steps, median over seeds: training lengths (8–16, 1,000 samples), 32 and 64.
  std::printf("  \"accuracy\": {\"steps\": %d, \"seeds\": %d, \"samples\": 1000, \"arms\": {\n", steps, kSeeds);
  for (std::size_t i = 0; i < kArms.size(); ++i) {
    std::vector<double> in, at32, at64;
    for (int seed = 0; seed < kSeeds; ++seed) {
      Trainer t(spec_of(kArms[i], seed));
      t.step(steps);
      in.push_back(t.evaluate(8, 16, 1000, 100).accuracy);
      at32.push_back(t.evaluate(32, 1000, 200).accuracy);
      at64.push_back(t.evaluate(64, 1000, 300).accuracy);
    }
    std::printf("    \"%s\": {\"train\": %.3f, \"at32\": %.3f, \"at64\": %.3f, \"trainMin\": %.3f}%s\n",
                kArms[i].name().c_str(), median(in), median(at32), median(at64),
                *std::min_element(in.begin(), in.end()), i + 1 < kArms.size() ? "," : "");
  }
  std::printf("  }}\n}\n");
}
