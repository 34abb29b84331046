#!/bin/bash
# Two environments of one kube-site, clean builds alternating in the same run: wall, CPU (threads
# and Pagefind's process counted) and peak RSS of each, as the README runs the CLI.
#   tests/bench/abEnv.sh SITE RUNS "ENV_A" "ENV_B"
#   tests/bench/abEnv.sh /dev/shm/k4000/kube 3 "X=1" "KUBE_SITE_THREADS=2"
# SITE: a copy of the checkout with its posts/ (see ../shared/peers/side-by-side.sh for a corpus),
# node_modules included; every build cache but the compiled CLI is removed before each build.
set -euo pipefail
site=$1 runs=$2 envA=$3 envB=$4
cache=$site/node_modules/.cache/kube-site
times=$(mktemp)
trap 'rm -f "$times"' EXIT
clean() {
  rm -rf "$site/dist"
  find "$cache" -mindepth 1 -maxdepth 1 ! -name cli -exec rm -rf {} + 2>/dev/null || true
  # shellcheck disable=SC2086 # the environment is words on purpose
  (cd "$site" && /usr/bin/time -f '%e %U %S %M' -o "$times" env $1 npx --no-install kube-site build --quiet >/dev/null 2>&1) || { echo "failed: $1" >&2; exit 1; }
  awk '{ printf "%s s wall, %.1f s CPU, %d MB", $1, $2 + $3, $4 / 1024 }' "$times"
}
for _ in $(seq "$runs"); do echo "A: $(clean "$envA")   B: $(clean "$envB")"; done
