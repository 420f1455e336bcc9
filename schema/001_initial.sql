-- The first schema: accounts, games and their move records, and the durable
-- inbox/outbox queues that carry mail in and out (see spec/server.md "Storage").
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  userid TEXT NOT NULL UNIQUE,            -- lower-case, 2-16 of a-z 0-9 _ -
  password_hash TEXT NOT NULL,            -- crypto_pwhash_str (Argon2id)
  active INTEGER NOT NULL DEFAULT 1,      -- 0 after signoff
  created_at TEXT NOT NULL                -- ISO 8601 UTC
);
CREATE TABLE addresses (
  user_id INTEGER NOT NULL REFERENCES users(id),
  address TEXT NOT NULL,                  -- normalised: lower-case
  position INTEGER NOT NULL,              -- order given by the user; 0 = primary
  PRIMARY KEY (user_id, address)
);
CREATE INDEX addresses_by_address ON addresses(address);
CREATE TABLE games (
  id INTEGER PRIMARY KEY,                 -- the game number players type
  type TEXT NOT NULL,                     -- gates | hy3 | gaia
  options TEXT NOT NULL,                  -- canonical option text, recreates the game
  player0 INTEGER NOT NULL REFERENCES users(id),  -- user who plays colour 0 at the challenge
  player1 INTEGER NOT NULL REFERENCES users(id),
  status TEXT NOT NULL CHECK (status IN ('active', 'finished')),
  winner_colour INTEGER CHECK (winner_colour IN (0, 1)),
  plies INTEGER NOT NULL DEFAULT 0,
  thread_id TEXT NOT NULL,                -- Message-ID of the game's first message (threading)
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX games_by_player0 ON games(player0); CREATE INDEX games_by_player1 ON games(player1);
CREATE TABLE moves (
  game_id INTEGER NOT NULL REFERENCES games(id),
  ply INTEGER NOT NULL,                   -- 1-based
  move TEXT NOT NULL,                     -- canonical ply text (swap, resign, placements)
  colour INTEGER NOT NULL CHECK (colour IN (0, 1)),  -- colour that made it (resign: who resigned)
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (game_id, ply)
);
CREATE TABLE inbox (
  id INTEGER PRIMARY KEY,
  digest TEXT NOT NULL UNIQUE,            -- SHA-256 hex of the raw message
  message_id TEXT,                        -- without brackets
  envelope_from TEXT, sender TEXT,
  raw BLOB,                               -- kept only until processed, then NULL (privacy)
  command TEXT,                           -- subject with the password masked
  state TEXT NOT NULL CHECK (state IN ('received', 'processed', 'skipped', 'failed')),
  outcome TEXT,
  received_at TEXT NOT NULL, processed_at TEXT
);
CREATE UNIQUE INDEX inbox_by_message_id ON inbox(message_id) WHERE message_id IS NOT NULL;
CREATE INDEX inbox_pending ON inbox(state) WHERE state = 'received';
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  inbox_id INTEGER REFERENCES inbox(id),
  game_id INTEGER REFERENCES games(id),
  message_id TEXT NOT NULL UNIQUE,        -- without brackets
  envelope_from TEXT NOT NULL,
  recipient TEXT NOT NULL,                -- one recipient per row
  data BLOB NOT NULL,                     -- the complete RFC 5322 message, CRLF
  state TEXT NOT NULL CHECK (state IN ('queued', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  created_at TEXT NOT NULL, sent_at TEXT
);
CREATE INDEX outbox_due ON outbox(state, next_attempt_at) WHERE state = 'queued';
CREATE INDEX outbox_by_recipient ON outbox(recipient, created_at);
