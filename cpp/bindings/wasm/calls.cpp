// The call table's plumbing: one table of every call, the exchange, and each call's named view of it.
#include "calls.hpp"

#include <cmath>
#include <cstdlib>
#include <cstring>

#include "pelab/validation/limits.hpp"

namespace pelab::bindings {

const std::vector<Call>& calls() {
  static const std::vector<Call> all = [] {
    std::vector<Call> v = lab_calls();
    const std::vector<Call>& t = trainer_calls();
    v.insert(v.end(), t.begin(), t.end());
    // The exchange holds kMaxOptions options' cells and lists and kMaxResults results: a call declaring more
    // would write past them, so such a table never loads.
    for (const Call& c : v)
      if (c.options.size() > kMaxOptions || c.results.size() > kMaxResults) std::abort();
    return v;
  }();
  return all;
}

Exchange& exchange() {
  static Exchange shared;
  return shared;
}

std::size_t CallIO::option(const char* name) const {
  for (std::size_t i = 0; i < call_.options.size(); ++i)
    if (std::strcmp(call_.options[i].name, name) == 0) return i;
  std::abort();  // a name this call does not declare: a bug here, never a caller's doing
}

std::size_t CallIO::result(const char* path) const {
  for (std::size_t i = 0; i < call_.results.size(); ++i)
    if (std::strcmp(call_.results[i].path, path) == 0) return i;
  std::abort();
}

bool CallIO::given(const char* name) const { return exchange().cells[option(name) * kCellsPerOption] != 0; }
double CallIO::number(const char* name) const { return exchange().cells[option(name) * kCellsPerOption + 1]; }
double CallIO::second(const char* name) const { return exchange().cells[option(name) * kCellsPerOption + 2]; }
int CallIO::index(const char* name) const { return static_cast<int>(number(name)); }
const char* CallIO::choice(const char* name) const { return call_.options[option(name)].names.at(index(name)); }
// A list option left out reads as empty, never as the list an earlier call left in its buffer.
const std::vector<float>& CallIO::floats(const char* name) const {
  static const std::vector<float> none;
  return given(name) ? exchange().floats[option(name)] : none;
}
const std::vector<double>& CallIO::tokens(const char* name) const {
  static const std::vector<double> none;
  return given(name) ? exchange().tokens[option(name)] : none;
}

// (Never inlined: one copy of vector's resize serves every call site, and the module has a size budget.)
__attribute__((noinline)) std::vector<float>& CallIO::float32(const char* path, std::size_t n) {
  std::vector<float>& r = exchange().float32[result(path)];
  r.resize(n);
  return r;
}

std::vector<double>& CallIO::float64(const char* path, std::size_t n) {
  std::vector<double>& r = exchange().float64[result(path)];
  r.resize(n);
  return r;
}

void CallIO::set(const char* path, double value) { exchange().numbers[result(path)] = value; }

OutPieces CallIO::out_pieces(const char* path, std::size_t n) {
  Exchange& e = exchange();
  if (e.to_out == nullptr || !given("out")) return {};
  float32(path, 0);
  e.piece.resize(n);
  return {e.piece.data(), e.to_out};
}

namespace {

bool known(int index) { return index >= 0 && static_cast<std::size_t>(index) < calls().size(); }

}  // namespace

Status run_call(int index) {
  Status s = known(index) ? Status::fine() : Status::broken(Rule::exchange, "call", index, 0, 0);
  if (s.ok) {
    const Call& call = calls()[static_cast<std::size_t>(index)];
    CallIO io(call);
    s = call.run(io);
  }
  exchange().status = s;
  return s;
}

Status reserve_input(int index, int option, double length) {
  const bool listed = known(index) && option >= 0 &&
                      static_cast<std::size_t>(option) < calls()[static_cast<std::size_t>(index)].options.size();
  if (!listed) return exchange().status = Status::broken(Rule::exchange, "option", option, 0, 0);
  const Option& o = calls()[static_cast<std::size_t>(index)].options[static_cast<std::size_t>(option)];
  Status s = limits::check_input_elements(o.name, length);
  // (lab.js passes a list's true length; these refusals are for anything else calling the export)
  if (s.ok && !(length >= 0 && length == std::floor(length))) s = Status::broken(Rule::exchange, o.name, length, 0, 0);
  if (s.ok && o.kind != Kind::floats && o.kind != Kind::tokens)
    s = Status::broken(Rule::exchange, o.name, option, 0, 0);  // lab.js copies lists only
  if (s.ok) {
    const auto n = static_cast<std::size_t>(length), at = static_cast<std::size_t>(option);
    if (o.kind == Kind::tokens) exchange().tokens[at].resize(n);
    else exchange().floats[at].resize(n);
  }
  return exchange().status = s;
}

}  // namespace pelab::bindings
