// The labels on a picture as a phone shows them (issue 32): a mail's HTML part scales the
// picture down to the screen's width, 390 CSS pixels less the page's margins
// (pictures/label_size.h), and the labels must stay at least 11 CSS pixels tall there and
// stand out at least 4.5:1 (WCAG's contrast ratio) from what they are drawn on. Computed
// from the sizes and colours the drawers use (label_sizes, the palette).
#include <catch2/catch.hpp>

#include <cairo.h>

#include <cmath>
#include <string>
#include <vector>

#include "engine/registry.h"
#include "pictures/canvas.h"
#include "pictures/label_size.h"
#include "pictures/picture.h"

namespace {

using pbem::pictures::Rgb;
namespace palette = pbem::pictures::palette;

// WCAG 2 relative luminance of an sRGB colour, and the contrast ratio of two colours.
double luminance(Rgb colour) {
  const auto linear = [](double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
  return 0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b);
}

double contrast(Rgb a, Rgb b) {
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// Each kind of board from its smallest size to its largest, and up to which size the phone
// shows its labels 11 CSS px tall or more. Beyond, a whole board is too many cells across
// for 374 CSS px: a cell is then narrower than three (HY 3: two) characters 11 px tall,
// and HY 3's rows are closer than a letter that tall; the labels are as large as the cells
// and rows let them be. At the largest sizes, in CSS px: HY 3 13, cell numbers 6.1, row
// letters 9.8; Gaia 8, names 3.9; Gates -cross 13 and -hex 13, 5.0; -y 26, 4.8 (letters
// 12 on every Gates board). Before issue 32 HY 3's default board had 6.2 px names.
struct Kind {
  std::string game, option;
  int min, max;
  int names_to, letters_to;  // the largest sizes with names, letters >= 11 CSS px
};

const std::vector<Kind> kKinds{{"hy3", "", 3, 13, 7, 11},          // default 7
                               {"gaia", "", 2, 8, 3, 8},           // default 3 (no letters)
                               {"gates", "-cross", 2, 13, 5, 13},  // default 5
                               {"gates", "-y", 2, 26, 10, 26},     // default 10
                               {"gates", "-hex", 2, 13, 7, 13}};   // default 10: 6.5 px names

std::unique_ptr<pbem::Game> board(const Kind& kind, int size) {
  std::vector<std::string> options{"-size=" + std::to_string(size)};
  if (!kind.option.empty()) options.push_back(kind.option);
  return pbem::create_game(kind.game, options);
}

// The picture's width as its PNG says.
int png_width(const std::string& png) {
  REQUIRE(png.size() > 24);
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(png[i]); };
  return (byte(16) << 24) | (byte(17) << 16) | (byte(18) << 8) | byte(19);
}

// A label's height in CSS pixels when the picture is shown on the phone.
double css(double pixels, int width) { return pixels * pbem::pictures::phone_scale(width); }

}  // namespace

TEST_CASE("labels stand out at least 4.5:1 from what they are drawn on") {
  // Before issue 32 the cell names were {0.62, 0.58, 0.50}: 2.35:1 on an empty cell.
  CHECK(contrast({0.62, 0.58, 0.50}, palette::cell) < 2.4);
  for (const Rgb face : {palette::cell, palette::cell_special, palette::cell_edge}) {
    INFO("face " << face.r << " " << face.g << " " << face.b << ": " << contrast(palette::cell_label, face));
    CHECK(contrast(palette::cell_label, face) >= 4.5);
  }
  CHECK(contrast(palette::label, palette::background) >= 4.5);
}

TEST_CASE("the phone shows the labels at least 11 CSS px tall on every default board but Hex Gates'") {
  for (const Kind& kind : kKinds) {
    for (int size = kind.min; size <= kind.max; ++size) {
      const auto game = board(kind, size);
      const pbem::pictures::LabelSizes labels = pbem::pictures::label_sizes(*game);
      const double names = css(labels.cell_label, labels.width), letters = css(labels.rim_label, labels.width);
      INFO(kind.game << " " << kind.option << " size " << size << ": " << labels.width << " px wide, cell names "
                     << names << " CSS px, rim letters " << letters << " CSS px");
      // The sizes are those of the picture drawn.
      CHECK(png_width(pbem::pictures::draw_picture(*game)) == labels.width);
      if (size <= kind.names_to) CHECK(names >= pbem::pictures::kMinLabelHeight);
      if (size <= kind.letters_to && labels.rim_label > 0) CHECK(letters >= pbem::pictures::kMinLabelHeight);
      // Larger boards: as large as fits, still more than before (HY 3 13 had 3.3 px names).
      CHECK(names >= 3.8);
      if (labels.rim_label > 0) CHECK(letters >= 9.5);
    }
  }
}

TEST_CASE("HY 3 size 7 at 390 px: cell numbers and row letters 11 CSS px or more") {
  const auto game = pbem::create_game("hy3", {"-size=7"});
  const pbem::pictures::LabelSizes labels = pbem::pictures::label_sizes(*game);
  CHECK(css(labels.cell_label, labels.width) >= 11);
  CHECK(css(labels.rim_label, labels.width) >= 11);
}
