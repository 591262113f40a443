#include "pelab/encodings/variant.hpp"

#include "pelab/validation/limits.hpp"

namespace pelab {

// Variant's enumerators follow limits::variants, name for name.
static_assert(static_cast<int>(Variant::tensor2tensor) == 2 && limits::variants.size() == 3);

Status parse_variant(const std::string& name, Variant& out) {
  return limits::parse_choice(limits::variants, "variant", name, out);
}

const char* variant_name(Variant v) { return limits::variants[static_cast<std::size_t>(v)]; }

}  // namespace pelab
