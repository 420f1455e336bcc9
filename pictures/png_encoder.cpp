#include "pictures/png_encoder.h"

#include <csetjmp>
#include <cstdint>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include <png.h>

namespace pbem::pictures {
namespace {

// The pixels, one row after another, ready for libpng: palette indices (1 byte a pixel)
// or RGB triples (3 bytes a pixel).
struct Rows {
  int width = 0, height = 0;
  bool indexed = false;
  std::vector<png_color> palette;
  std::vector<unsigned char> bytes;
  std::size_t stride() const { return static_cast<std::size_t>(width) * (indexed ? 1 : 3); }
};

png_color colour_of(std::uint32_t pixel) {
  return {static_cast<png_byte>(pixel >> 16), static_cast<png_byte>(pixel >> 8), static_cast<png_byte>(pixel)};
}

// Reads the surface once: palette indices while there are at most 256 colours, RGB after.
Rows rows_of(cairo_surface_t* surface) {
  Rows rows;
  rows.width = cairo_image_surface_get_width(surface);
  rows.height = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  auto pixel_at = [&](int x, int y) {
    // RGB24 pixels are native-endian 32-bit words, the top byte unused.
    return *reinterpret_cast<const std::uint32_t*>(data + static_cast<std::size_t>(y) * stride + 4 * x) &
           0xffffffu;
  };
  std::unordered_map<std::uint32_t, png_byte> index;
  // Most pixels repeat their left neighbour: that one is looked up without hashing.
  std::uint32_t last_pixel = 0;
  png_byte last_index = 0;
  bool have_last = false;
  rows.indexed = true;
  rows.bytes.reserve(static_cast<std::size_t>(rows.width) * rows.height);
  for (int y = 0; y < rows.height && rows.indexed; ++y)
    for (int x = 0; x < rows.width; ++x) {
      const std::uint32_t pixel = pixel_at(x, y);
      if (have_last && pixel == last_pixel) {
        rows.bytes.push_back(last_index);
        continue;
      }
      auto found = index.find(pixel);
      if (found == index.end()) {
        if (index.size() == 256) {
          rows.indexed = false;
          break;
        }
        found = index.emplace(pixel, static_cast<png_byte>(index.size())).first;
        rows.palette.push_back(colour_of(pixel));
      }
      rows.bytes.push_back(found->second);
      last_pixel = pixel, last_index = found->second, have_last = true;
    }
  if (rows.indexed) return rows;
  rows.palette.clear();
  rows.bytes.clear();
  rows.bytes.reserve(static_cast<std::size_t>(rows.width) * rows.height * 3);
  for (int y = 0; y < rows.height; ++y)
    for (int x = 0; x < rows.width; ++x) {
      const png_color c = colour_of(pixel_at(x, y));
      rows.bytes.insert(rows.bytes.end(), {c.red, c.green, c.blue});
    }
  return rows;
}

void append_bytes(png_structp png, png_bytep data, png_size_t length) {
  static_cast<std::string*>(png_get_io_ptr(png))->append(reinterpret_cast<const char*>(data), length);
}
void flush_nothing(png_structp) {}

// Owns libpng's write and info structures.
struct Writer {
  png_structp png = nullptr;
  png_infop info = nullptr;
  Writer() {
    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    if (png) info = png_create_info_struct(png);
  }
  ~Writer() { png_destroy_write_struct(&png, &info); }
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;
};

// libpng reports errors by longjmp to here: nothing with a destructor is created in this
// function after setjmp, so the jump skips no cleanup (the caller owns everything).
bool write_png(Writer& writer, Rows& rows, std::vector<png_bytep>& row_pointers, std::string& out) {
  png_structp png = writer.png;
  png_infop info = writer.info;
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_write_fn(png, &out, append_bytes, flush_nothing);
  png_set_IHDR(png, info, static_cast<png_uint_32>(rows.width), static_cast<png_uint_32>(rows.height), 8,
               rows.indexed ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (rows.indexed) {
    png_set_PLTE(png, info, rows.palette.data(), static_cast<int>(rows.palette.size()));
    // Indices are not numbers: byte-wise prediction filters only make them noisier.
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  }
  png_set_rows(png, info, row_pointers.data());
  png_write_png(png, info, PNG_TRANSFORM_IDENTITY, nullptr);
  return true;
}

}  // namespace

std::string encode_png(cairo_surface_t* surface) {
  if (cairo_image_surface_get_format(surface) != CAIRO_FORMAT_RGB24)
    throw std::logic_error("encode_png: the image is not RGB24");
  Rows rows = rows_of(surface);
  std::vector<png_bytep> row_pointers;
  for (int y = 0; y < rows.height; ++y) row_pointers.push_back(rows.bytes.data() + y * rows.stride());
  Writer writer;
  if (!writer.png || !writer.info) throw std::runtime_error("picture: libpng could not start");
  std::string out;
  if (!write_png(writer, rows, row_pointers, out)) throw std::runtime_error("picture: libpng could not write the PNG");
  return out;
}

}  // namespace pbem::pictures
