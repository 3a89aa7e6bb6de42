#!/bin/bash
# mongod refuses a key file that others may read or that it does not own, and mounted secrets are neither; so the
# key is copied where mongod can own it, then the image's own entrypoint runs (it creates the root user on first
# start from MONGO_INITDB_ROOT_*, then drops to the mongodb user).
set -euo pipefail
install -m 400 -o mongodb -g mongodb "${MONGO_KEYFILE_SOURCE:-/run/secrets/mongo-keyfile}" /tmp/mongo-keyfile
exec docker-entrypoint.sh "$@"
