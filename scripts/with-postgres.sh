#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL server started here (Debian's
# postgresql package), stopped and deleted afterwards. Used by .ci/run and `npm run bench:pg`.
#   scripts/with-postgres.sh npx jest --selectProjects api
set -euo pipefail

PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$PGBIN" ]; then
  echo "with-postgres: PostgreSQL is not installed (apt-get install postgresql)" >&2
  exit 1
fi
PGDATA=$(mktemp -d /tmp/with-pg.XXXXXX)
# A free port unless one is given: a fixed one collides with another run on the same machine.
PGPORT=${PGPORT:-$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')}
# initdb refuses to run as root: run the server as the postgres user then.
as_owner=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$PGDATA"
  as_owner=(runuser -u postgres --)
fi
"${as_owner[@]}" "$PGBIN/initdb" -D "$PGDATA" -A trust -U postgres >/dev/null
if ! "${as_owner[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -o "-p $PGPORT -k /tmp" -l "$PGDATA/server.log" start -w >/dev/null; then
  echo "with-postgres: the server did not start on port $PGPORT:" >&2
  tail -5 "$PGDATA/server.log" >&2
  rm -rf "$PGDATA"
  exit 1
fi
trap '"${as_owner[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" stop -m fast >/dev/null || true; rm -rf "$PGDATA"' EXIT

DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres" "$@"
