#include "pictures/review_chart.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include <cairo.h>

#include "pictures/canvas.h"
#include "pictures/label_size.h"
#include "pictures/stroke_font.h"

namespace pbem::pictures {

namespace {

// The line of chances: dark, so that it stands out from the grey axes and the orange dots.
constexpr Rgb kLine{0.12, 0.16, 0.30};
constexpr double kLineWidth = 2;
constexpr double kDotRadius = 4.5;

// Where the plot sits in the image: the labels' room around it, from the labels' height.
struct Plot {
  double left, top, right, bottom;
  double width() const { return right - left; }
  double height() const { return bottom - top; }
};

std::size_t digits(int number) { return std::to_string(number).size(); }

// The ply numbers under the axis: a step of 1, 2 or 5 times a power of ten, the least one
// whose labels (as wide as the widest, with a label's height between them) fit.
int label_step(int plies, double plot_width, double label_height) {
  const double room = text_width(digits(plies), label_height) + label_height;
  for (int power = 1;; power *= 10)
    for (int factor : {1, 2, 5}) {
      const int step = factor * power;
      if ((plies / step + 1) * room <= plot_width + room || step >= plies) return step;
    }
}

}  // namespace

std::string draw_review_chart(const std::vector<double>& first_win, const std::vector<int>& turning_points) {
  // Labels as tall as a board picture's rim letters, so they are as legible on a phone.
  const double label_height = rim_label_height(kReviewChartWidth);
  const double widest_label = text_width(3, label_height);  // "100"
  const Plot plot{widest_label + label_height * 0.6, label_height * 0.5 + 6,
                  kReviewChartWidth - widest_label / 2 - 6, kReviewChartHeight - label_height * 1.8};
  const int plies = static_cast<int>(first_win.size());
  // Ply 0 is the start; with no ply the axis still spans one, so nothing divides by zero.
  const double x_unit = plot.width() / std::max(plies, 1);
  const auto x_of = [&](int ply) { return plot.left + ply * x_unit; };
  const auto y_of = [&](double chance) { return plot.bottom - std::clamp(chance, 0.0, 1.0) * plot.height(); };

  const Canvas canvas(kReviewChartWidth, kReviewChartHeight);
  cairo_t* cr = canvas.cr();

  // The axes, and the even chance dashed across.
  set_colour(cr, palette::grid);
  cairo_set_line_width(cr, 1);
  cairo_move_to(cr, plot.left - 0.5, plot.top);
  cairo_line_to(cr, plot.left - 0.5, plot.bottom + 0.5);
  cairo_line_to(cr, plot.right, plot.bottom + 0.5);
  cairo_stroke(cr);
  const double dash[] = {6, 4};
  cairo_set_dash(cr, dash, 2, 0);
  cairo_move_to(cr, plot.left, std::round(y_of(0.5)) + 0.5);
  cairo_line_to(cr, plot.right, std::round(y_of(0.5)) + 0.5);
  cairo_stroke(cr);
  cairo_set_dash(cr, nullptr, 0, 0);

  set_colour(cr, palette::label);
  for (int percent : {0, 50, 100})
    draw_text(cr, std::to_string(percent), plot.left - label_height * 0.3 - widest_label / 2, y_of(percent / 100.0),
              label_height);
  const int step = label_step(std::max(plies, 1), plot.width(), label_height);
  for (int ply = 0; ply <= plies; ply += step)
    draw_text(cr, std::to_string(ply), x_of(ply), plot.bottom + label_height * 0.9, label_height);

  {
    // Smoothed: a jagged line of a few hundred steps reads badly, and the chart is small.
    const Smooth smooth(cr);
    set_colour(cr, kLine);
    cairo_set_line_width(cr, kLineWidth);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_move_to(cr, x_of(0), y_of(0.5));
    for (int ply = 1; ply <= plies; ++ply) cairo_line_to(cr, x_of(ply), y_of(first_win[static_cast<std::size_t>(ply - 1)]));
    cairo_stroke(cr);

    set_colour(cr, palette::winning);
    for (int ply : turning_points) {
      if (ply < 1 || ply > plies) continue;
      cairo_new_path(cr);
      cairo_arc(cr, x_of(ply), y_of(first_win[static_cast<std::size_t>(ply - 1)]), kDotRadius, 0,
                2 * std::numbers::pi);
      cairo_fill(cr);
    }
  }
  return canvas.png();
}

}  // namespace pbem::pictures
