#!/usr/bin/env bash
# Installs the Debian 12 packages pbem needs, when any is missing:
#   scripts/install-deps.sh run    what building and running pbem and pbemd need (run.sh)
#   scripts/install-deps.sh [test] that and every tool the tests call (test.sh, CI)
# The services some test tools bring (Postfix, Dovecot, Prometheus, PgBouncer, OpenDKIM,
# PostgreSQL's main cluster) are left disabled: the tests start private instances of their own.
set -euo pipefail
mode=${1:-test}
case $mode in run|test) ;; *) echo "usage: $0 [run|test]" >&2; exit 2 ;; esac

run_packages=(
  g++ cmake make pkg-config                      # toolchain
  libboost-dev libsqlite3-dev nlohmann-json3-dev # Asio, SQLite, JSON
  libsodium-dev libssl-dev libgmime-3.0-dev      # Argon2id, STARTTLS, MIME parsing
  libpq-dev                                      # the PostgreSQL backend's client library
  libcairo2-dev libpng-dev                       # board images (drawn by cairo, written by libpng)
  ccache                                         # optional: compiled objects shared between checkouts
  swaks                                          # the README's game from a terminal
)
test_packages=(
  python3 catch2                                 # the test suites
  python3-jsonschema                             # test_records.py checks records against docs/records.md
  postfix sqlite3 openssl                        # smtp-sink/-source, the database's shell, keys
  libnet-ssleay-perl libio-socket-ssl-perl       # swaks --tls (only "recommended" by swaks)
  clang libclang-rt-14-dev                       # libFuzzer targets and their sanitizers
  libfaketime                                    # tests that move the clock (preloaded, no wrapper)
  postgresql                                     # PostgreSQL storage tests (a throwaway cluster each)
  pgbouncer                                      # bench/scale.py --postgres: `pbem ingest` through a pooler
  chromium                                       # the phone-width view of a game mail, the web window's pages
  tidy                                           # the web window's HTML checked by a validator
  opendkim opendkim-tools python3-dkim          # config/postfix.md's DKIM signing, its test's key and verifier
  prometheus                                     # promtool: /metrics and the sample alert rule checked
  getmail6 ca-certificates                       # config/mailbox.md's fetcher and the CA bundle it verifies with
  dovecot-imapd dovecot-submissiond              # test_mailbox.py's private IMAP and submission server
)
# The system services of test tools: none may keep running or start at boot.
test_services=(postfix dovecot prometheus pgbouncer opendkim postgresql)

packages=("${run_packages[@]}")
[ "$mode" = test ] && packages+=("${test_packages[@]}")

# Test services installed by any earlier run (of this script or by hand) are disabled too.
disable_test_services() {
  [ "$mode" = test ] && [ "$(id -u)" -eq 0 ] && [ -d /run/systemd/system ] || return 0
  local service
  for service in "${test_services[@]}"; do
    if systemctl is-enabled --quiet "$service.service" 2>/dev/null ||
       systemctl is-active --quiet "$service.service" 2>/dev/null; then
      systemctl disable --now "$service.service" >/dev/null 2>&1 || true
    fi
  done
}

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then disable_test_services; exit 0; fi

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
disable_test_services
