#!/usr/bin/env bash
# Installs the Debian 12 packages pbem needs to build, test and run, when any is missing.
set -euo pipefail

packages=(
  g++ cmake make pkg-config python3              # toolchain
  libboost-dev libsqlite3-dev nlohmann-json3-dev # Asio, SQLite, JSON
  libsodium-dev libssl-dev libgmime-3.0-dev      # Argon2id, STARTTLS, MIME parsing
  catch2                                         # unit tests
  swaks postfix sqlite3 openssl                  # test tools: SMTP client, smtp-sink/-source
  libnet-ssleay-perl libio-socket-ssl-perl       # swaks --tls (only "recommended" by swaks)
  clang libclang-rt-14-dev                       # libFuzzer targets and their sanitizers
  libfaketime                                    # tests that move the clock (preloaded, no wrapper)
  postgresql libpq-dev                           # PostgreSQL storage (libpq) and its tests (the server)
  pgbouncer                                      # bench/scale.py --postgres: `pbem ingest` through a pooler
  libcairo2-dev libpng-dev                       # board images (drawn by cairo, written by libpng)
  ccache                                         # optional: compiled objects shared between checkouts
  chromium                                       # the phone-width view of a game mail, the web window's pages
  tidy                                           # the web window's HTML checked by a validator
  opendkim opendkim-tools python3-dkim          # config/postfix.md's DKIM signing, its test's key and verifier
  prometheus                                     # promtool: /metrics and the sample alert rule checked (only
                                                 # the tool is used; Debian also enables a Prometheus service)
  getmail6 ca-certificates                       # config/mailbox.md's fetcher and the CA bundle it verifies with
  dovecot-imapd dovecot-submissiond              # test_mailbox.py's private IMAP and submission server
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "not root: run 'sudo $0' or install these packages yourself" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# Postfix is only used for its smtp-sink/smtp-source test tools: install it unconfigured.
echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
# Another apt run (a second checkout's install) holds dpkg's lock for a while: wait for it.
apt-get -o DPkg::Lock::Timeout=600 update -qq
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}"
# Dovecot is only for test_mailbox.py, which runs a private instance of its own: the system's
# service (IMAP and submission for the machine's accounts on every address) stays off.
if printf '%s\n' "${missing[@]}" | grep -q '^dovecot' && [ -d /run/systemd/system ]; then
  systemctl disable --now dovecot.service || true
fi
# PgBouncer likewise: bench/scale.py starts a private one in front of its throwaway cluster.
if printf '%s\n' "${missing[@]}" | grep -q '^pgbouncer$' && [ -d /run/systemd/system ]; then
  systemctl disable --now pgbouncer.service || true
fi
