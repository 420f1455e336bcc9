#include "server/ratings/glicko2.h"

#include <cmath>
#include <numbers>

namespace pbem::server {

namespace {

// Glicko-2 works on a scale 173.7178 (= 400 / ln 10) times smaller, centred on 1500.
constexpr double kScale = 173.7178;
constexpr double kCentre = 1500;

double g(double phi) { return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

double expected_score(double mu, double mu_opponent, double phi_opponent) {
  return 1 / (1 + std::exp(-g(phi_opponent) * (mu - mu_opponent)));
}

// Step 5: the new volatility, the root of f by the Illinois (regula falsi) method.
double new_volatility(double sigma, double phi, double v, double delta, const Glicko2Parameters& p) {
  const double a = std::log(sigma * sigma);
  const double tau2 = p.tau * p.tau;
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double denominator = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * denominator * denominator) - (x - a) / tau2;
  };
  double A = a;
  double B = 0;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * p.tau) < 0) ++k;
    B = a - k * p.tau;
  }
  double fA = f(A);
  double fB = f(B);
  while (std::fabs(B - A) > p.convergence) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2);
}

}  // namespace

Rating glicko2_update(const Rating& player, std::span<const RatedGame> games, const Glicko2Parameters& parameters) {
  // Step 2: to the Glicko-2 scale.
  const double mu = (player.rating - kCentre) / kScale;
  const double phi = player.deviation / kScale;
  const double sigma = player.volatility;
  if (games.empty()) {
    return {player.rating, kScale * std::sqrt(phi * phi + sigma * sigma), sigma};
  }
  // Steps 3 and 4: the estimated variance v of the rating from the games alone, and the
  // estimated improvement delta.
  double v_inverse = 0;
  double improvement_sum = 0;  // sum of g(phi_j) (s_j - E_j)
  for (const RatedGame& game : games) {
    const double mu_j = (game.opponent.rating - kCentre) / kScale;
    const double phi_j = game.opponent.deviation / kScale;
    const double expected = expected_score(mu, mu_j, phi_j);
    v_inverse += g(phi_j) * g(phi_j) * expected * (1 - expected);
    improvement_sum += g(phi_j) * (game.score - expected);
  }
  const double v = 1 / v_inverse;
  const double delta = v * improvement_sum;
  // Steps 5 to 7.
  const double sigma_new = new_volatility(sigma, phi, v, delta, parameters);
  const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
  const double phi_new = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
  const double mu_new = mu + phi_new * phi_new * improvement_sum;
  // Step 8: back to the Glicko scale.
  return {kScale * mu_new + kCentre, kScale * phi_new, sigma_new};
}

}  // namespace pbem::server
