#!/usr/bin/env bash
# tests/bench/againstNode20.sh [POSTS] [RUNS]: issue 59's ratio. Clean builds of the shared corpus
# (../shared/peers/gen-corpus.mjs, set up as side-by-side.sh sets up kube-site) by 3ba263c, the last
# commit that ran on Node 20 (its own `npm ci` on the system's Node), and by this checkout's HEAD,
# alternating on tmpfs, every cache but the compiled CLI and Node's compile cache removed before each.
# Each build runs in a cpuacct cgroup of its own, so its CPU counts every process it started, Pagefind's
# too (/usr/bin/time leaves out the children the CLI does not wait for). Needs root and cgroup v1's
# cpuacct (this kind of machine has both). Prints: commit, wall ms, whole CPU ms, load.
set -euo pipefail
POSTS=${1:-4000}; RUNS=${2:-3}
here=$(cd "$(dirname "$0")/../.." && pwd); root=/dev/shm/kube-site-node20
mkdir -p "$root"
[ -d "$root/corpus-$POSTS" ] || node "$here/../shared/peers/gen-corpus.mjs" "$POSTS" "$root/corpus-$POSTS" >/dev/null
posts() { # the corpus as side-by-side.sh gives it to kube-site
  rm -rf "$1/posts"; mkdir -p "$1/posts"; cp "$root/corpus-$POSTS"/*.md "$1/posts/"
  sed -i -E 's/^readTime: ([0-9]+)$/readTime: "\1 min read"/' "$1/posts"/*.md
  local cover; cover=$(cd "$1/public" && ls images/blog/*.svg | head -n 1)
  sed -i -E "s#^(image|lightImage|darkImage): .*#\1: \"/$cover\"#" "$1/posts"/*.md
}
if [ ! -d "$root/node20/node_modules" ]; then
  rm -rf "$root/node20"; mkdir -p "$root/node20"; git -C "$here" archive 3ba263c | tar -x -C "$root/node20"
  (cd "$root/node20" && PATH=/usr/bin:/bin npm ci --no-audit --no-fund >/dev/null 2>&1)
fi
rm -rf "$root/head"; mkdir -p "$root/head"; git -C "$here" archive HEAD | tar -x -C "$root/head"
cp -a "$here/node_modules" "$root/head/node_modules"; rm -rf "$root/head/node_modules/.cache"
posts "$root/node20"; posts "$root/head"
echo -20 > /proc/$$/autogroup 2>/dev/null || true
cgroup=/sys/fs/cgroup/cpuacct/kube-site-bench-$$; mkdir -p "$cgroup"; trap 'rmdir "$cgroup" 2>/dev/null || true' EXIT
build() { # dir: one clean build, in the cgroup
  rm -rf "$1/dist"; find "$1/node_modules/.cache/kube-site" -mindepth 1 -maxdepth 1 ! -name cli ! -name compile-cache -exec rm -rf {} + 2>/dev/null || true
  local before start end; before=$(cat "$cgroup/cpuacct.usage"); start=$(date +%s%N)
  (echo "$BASHPID" > "$cgroup/cgroup.procs"; cd "$1" && exec npx --no-install kube-site build --quiet >/dev/null 2>&1)
  end=$(date +%s%N); sleep 2
  echo "$(basename "$1") $(( (end - start) / 1000000 )) ms, whole CPU $(( ($(cat "$cgroup/cpuacct.usage") - before) / 1000000 )) ms, load $(cut -d' ' -f1 /proc/loadavg)"
}
build "$root/node20" >/dev/null; build "$root/head" >/dev/null # compile each CLI once
for _ in $(seq "$RUNS"); do build "$root/node20"; build "$root/head"; done
