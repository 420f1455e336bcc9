// Board pictures: a game's position drawn as PNG bytes, for the HTML part of game mails and
// `pbem render`. Depends on engine/ (read-only) and cairo; the engine knows nothing of it.
//
// Every picture shows the real cell shapes, the coordinates, the last move (a green mark)
// and, once the board decided the game, the winning group or path (orange). The bytes are
// a function of the position alone: no time stamp, no fonts (see stroke_font.h).
#pragma once

#include <string>
#include <string_view>

#include "engine/game.h"
#include "pictures/label_size.h"

namespace pbem::pictures {

// PNG bytes of the game's current position. Throws std::invalid_argument for a game this
// library has no drawing for (every registered game has one; a test checks).
std::string draw_picture(const Game& game);

// The sizes draw_picture draws the game's labels at (label_size.h), for tests.
LabelSizes label_sizes(const Game& game);

// One sentence saying which colour of the picture is which player's, for the mail that
// carries it, where the picture's colours are not those the game names ("" where they are:
// HY 3's red and blue, Gaia's black and white). Gates' dark and light are drawn blue and white.
std::string_view colour_key(const Game& game);

// The largest picture width in pixels; bigger boards get smaller cells.
inline constexpr double kMaxWidth = 640;

}  // namespace pbem::pictures
