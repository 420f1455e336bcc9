// One visitor out of several lambdas, one per alternative of a variant: std::visit with it
// fails to compile when an alternative has no lambda, so a new kind cannot go unhandled.
#pragma once

namespace pbem::server {

template <typename... Kinds>
struct Overloaded : Kinds... {
  using Kinds::operator()...;
};

}  // namespace pbem::server
