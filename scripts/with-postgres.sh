#!/usr/bin/env bash
# Runs a command next to a throwaway PostgreSQL cluster (issue 16's tests):
#   scripts/with-postgres.sh <command> [args...]
# initdb and pg_ctl make a cluster in a fresh temporary directory that listens only on a
# Unix socket in that directory (no TCP), with trust authentication for its one role
# `pbem`, and durability off (fsync, synchronous_commit: a test cluster dies with the
# test). Run as root, the cluster runs as `nobody` (PostgreSQL refuses root). The command
# gets PBEM_TEST_POSTGRES=postgresql:///postgres?host=<dir>&user=pbem in its environment;
# the cluster is stopped and the directory removed afterwards, whatever the command did.
# Exits with the command's status; 77 (ctest: skipped) when PostgreSQL is not installed.
set -euo pipefail

bin=${PBEM_POSTGRES_BIN:-}
if [[ -z $bin ]]; then
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
if [[ -z $bin || ! -x $bin/initdb || ! -x $bin/pg_ctl ]]; then
  echo "with-postgres.sh: PostgreSQL server binaries not found (apt-get install postgresql)" >&2
  exit 77
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/pbem-pg.XXXXXX")
as_owner=()
if [[ $(id -u) == 0 ]]; then
  chown nobody "$dir"
  as_owner=(runuser -u nobody --)
fi
chmod 700 "$dir"

stop() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U pbem --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync \
  >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -s \
  -o "-c listen_addresses='' -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start || { cat "$dir/server.log" >&2; exit 1; }

export PBEM_TEST_POSTGRES="postgresql:///postgres?host=$dir&user=pbem"
status=0
"$@" || status=$?
exit "$status"
