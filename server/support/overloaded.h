// One visitor out of several lambdas, one per alternative of a variant: std::visit with it
// fails to compile when an alternative has no lambda, so a new kind cannot go unhandled.
#pragma once

namespace pbem::server {

template <typename... Kinds>
struct Overloaded : Kinds... {
  using Kinds::operator()...;
};
// Spelled out for clang 14 (the fuzz targets' compiler), which does not yet deduce an
// aggregate's template arguments from its initializers as C++20 allows.
template <typename... Kinds>
Overloaded(Kinds...) -> Overloaded<Kinds...>;

}  // namespace pbem::server
