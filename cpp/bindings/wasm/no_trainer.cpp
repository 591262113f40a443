// The no-trainer module's stand-ins for trainer_calls.cpp (CMakeLists.txt: pelab-no-trainer): no trainer calls
// in the table, and nothing to free. Linked as an object before the calls library, these definitions leave the
// library's trainer_calls.cpp unneeded, so neither it nor the training code it reaches is linked: the module is
// the lab's calls alone (115.7 against 189.5 KB, 2026-12-05), for pages that train nothing.
#include "calls.hpp"

namespace pelab::bindings {

const std::vector<Call>& trainer_calls() {
  static const std::vector<Call> none;
  return none;
}

void delete_trainer(int) {}

}  // namespace pelab::bindings
