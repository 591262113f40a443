#include "pelab/encodings/variant.hpp"

namespace pelab {

Status parse_variant(const std::string& name, Variant& out) {
  if (name == "paper") out = Variant::paper;
  else if (name == "halves") out = Variant::halves;
  else if (name == "tensor2tensor") out = Variant::tensor2tensor;
  else
    return Status::error("variant", "variant must be one of 'paper', 'halves', 'tensor2tensor' (got '" + name + "')");
  return Status::fine();
}

const char* variant_name(Variant v) {
  switch (v) {
    case Variant::paper: return "paper";
    case Variant::halves: return "halves";
    case Variant::tensor2tensor: return "tensor2tensor";
  }
  return "paper";
}

}  // namespace pelab
