// A PNG read back with cairo, for the picture tests: its size, its pixels (cairo RGB24,
// 0x00RRGGBB) and how many of them are near a colour.
#pragma once

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "pictures/canvas.h"

namespace pbem::test {

struct DecodedPng {
  int width = 0, height = 0;
  std::vector<std::uint32_t> pixels;

  // Pixels within 2 of `colour` in every channel, in the columns from x_min to x_max.
  int count_near(pictures::Rgb colour, int x_min = 0, int x_max = 1 << 20) const {
    const auto channel = [](double v) { return static_cast<int>(std::lround(v * 255)); };
    int count = 0;
    for (std::size_t i = 0; i < pixels.size(); ++i) {
      const int x = static_cast<int>(i % static_cast<std::size_t>(width));
      if (x < x_min || x > x_max) continue;
      const std::uint32_t p = pixels[i];
      if (std::abs(static_cast<int>((p >> 16) & 0xff) - channel(colour.r)) <= 2 &&
          std::abs(static_cast<int>((p >> 8) & 0xff) - channel(colour.g)) <= 2 &&
          std::abs(static_cast<int>(p & 0xff) - channel(colour.b)) <= 2)
        ++count;
    }
    return count;
  }
};

// An empty DecodedPng when `png` is no PNG cairo reads.
inline DecodedPng decode_png(const std::string& png) {
  struct Reader {
    const std::string* bytes;
    std::size_t at = 0;
  } reader{&png};
  auto read = [](void* closure, unsigned char* data, unsigned int length) {
    auto* r = static_cast<Reader*>(closure);
    if (r->at + length > r->bytes->size()) return CAIRO_STATUS_READ_ERROR;
    std::copy_n(r->bytes->data() + r->at, length, data);
    r->at += length;
    return CAIRO_STATUS_SUCCESS;
  };
  cairo_surface_t* surface = cairo_image_surface_create_from_png_stream(read, &reader);
  DecodedPng decoded;
  if (cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS) {
    decoded.width = cairo_image_surface_get_width(surface);
    decoded.height = cairo_image_surface_get_height(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    const unsigned char* data = cairo_image_surface_get_data(surface);
    for (int y = 0; y < decoded.height; ++y)
      for (int x = 0; x < decoded.width; ++x)
        decoded.pixels.push_back(reinterpret_cast<const std::uint32_t*>(data + y * stride)[x] & 0xffffff);
  }
  cairo_surface_destroy(surface);
  return decoded;
}

}  // namespace pbem::test
