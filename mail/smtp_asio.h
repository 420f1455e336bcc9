#pragma once
// The one place mail/ includes Boost.Asio for the SMTP code.
//
// Boost 1.74's awaitable.hpp uses std::exchange without including <utility>; with
// libstdc++ 12 nothing else pulls it in first, so every translation unit that sees
// awaitable.hpp must include <utility> before it. Including Asio through this header
// keeps that workaround in one place.
#include <utility>

#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>

// GCC 12 at -O2 reports -Wmismatched-new-delete wherever it inlines the allocation of an
// Asio coroutine frame: awaitable_frame_base's class-specific operator new/delete pair
// is matched, but GCC misjudges the pair once it has inlined them (a known false positive
// for coroutine frames with a class-specific operator new). The warning lands in our own functions, not in Asio's headers, so it has to be
// switched off for every file that uses coroutines, which are the files that include this.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

#if !defined(BOOST_ASIO_HAS_CO_AWAIT)
#error "pbem's SMTP code needs C++20 coroutines (BOOST_ASIO_HAS_CO_AWAIT); build with -std=c++20"
#endif

namespace pbem::mail {
namespace asio = boost::asio;
using tcp = boost::asio::ip::tcp;
}  // namespace pbem::mail
