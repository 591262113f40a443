// A RoPE scaling's options (encodings/rope_scaling.hpp) as an options object named GROUP, for the calls that
// take one (lab.ropeFrequencies and lab.rope: `scaling`; trainer.evaluate: `ropeScaling`), and how a call
// reads it back. `excludes`: an option that may not be given with it (rope's `scale`, its short form).
#pragma once
#include <cmath>

#include "calls.hpp"
#include "pelab/encodings/rope_scaling.hpp"
#include "pelab/validation/limits.hpp"

#define SCALING_OPTIONS(GROUP, excludes)                                                              \
  optional(GROUP, Kind::group, excludes), name(GROUP ".type", "none", limits::ropeScalings),          \
      number(GROUP ".factor", 1), optional(GROUP ".originalMaxPositions"), optional(GROUP ".length"), \
      number(GROUP ".betaFast", kYarnBetaFast), number(GROUP ".betaSlow", kYarnBetaSlow)

namespace pelab::bindings {

// The options object `group` as given; left out, none (its members hold no defaults then), and a member
// left out that has no default (originalMaxPositions, length) as the core takes it: NaN.
inline RawRopeScaling raw_scaling(const CallIO& io, const std::string& group) {
  if (!io.given(group.c_str())) return {};
  const auto member = [&](const char* name) { return group + "." + name; };
  const auto or_nan = [&](const char* name) {
    return io.given(member(name).c_str()) ? io.number(member(name).c_str()) : std::nan("");
  };
  return {io.choice(member("type").c_str()),     io.number(member("factor").c_str()),
          or_nan("originalMaxPositions"),        or_nan("length"),
          io.number(member("betaFast").c_str()), io.number(member("betaSlow").c_str())};
}

}  // namespace pelab::bindings
