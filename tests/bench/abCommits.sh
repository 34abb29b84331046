#!/usr/bin/env bash
# tests/bench/abCommits.sh BASE [POSTS] [RUNS]: an A/B of two commits, BASE against this checkout's
# HEAD, by againstNode20.sh's TOGETHER=1 method: the two builds of a pair start at the same moment,
# each in a cpuacct cgroup of its own (its CPU counts every process it started, Pagefind's too), on
# tmpfs, with the shared corpus (../shared/peers/gen-corpus.mjs) set up as side-by-side.sh sets it
# up. Each pair prints both builds' wall time, whole CPU and peak RSS, and the CPU ratio HEAD/BASE.
#
# Two kinds of pair a run: a clean build (every cache but the compiled CLI and Node's compile cache
# removed), then a one-post rebuild (the build just made, one post's body edited, built again with
# its caches). A/A (BASE=HEAD) gives the method's own noise: 1.006-1.011 on this kind of machine.
# HEAD_REV=<commit> measures that commit in HEAD's place; CLEAN_ONLY=1 leaves the rebuilds out.
# Needs root and cgroup v1's cpuacct (this kind of machine has both).
set -euo pipefail
BASE=${1:?usage: abCommits.sh BASE [POSTS] [RUNS]}; POSTS=${2:-4000}; RUNS=${3:-3}
here=$(cd "$(dirname "$0")/../.." && pwd); root=/dev/shm/kube-site-ab
mkdir -p "$root"
[ -d "$root/corpus-$POSTS" ] || node "$here/../shared/peers/gen-corpus.mjs" "$POSTS" "$root/corpus-$POSTS" >/dev/null
copy() { # name commit: the commit's files, this checkout's packages, the corpus as side-by-side.sh gives it
  rm -rf "${root:?}/$1"; mkdir -p "$root/$1"; git -C "$here" archive "$2" | tar -x -C "$root/$1"
  cp -a "$here/node_modules" "$root/$1/node_modules"; rm -rf "$root/$1/node_modules/.cache"
  # A commit that adds a package: its own install, from npm's cache.
  cmp -s "$root/$1/package-lock.json" "$here/package-lock.json" || (cd "$root/$1" && npm ci --prefer-offline --no-audit --no-fund >/dev/null 2>&1)
  rm -rf "$root/$1/posts"; mkdir -p "$root/$1/posts"; cp "$root/corpus-$POSTS"/*.md "$root/$1/posts/"
  sed -i -E 's/^readTime: ([0-9]+)$/readTime: "\1 min read"/' "$root/$1/posts"/*.md
  local cover; cover=$(cd "$root/$1/public" && ls images/blog/*.svg | head -n 1)
  sed -i -E "s#^(image|lightImage|darkImage): .*#\1: \"/$cover\"#" "$root/$1/posts"/*.md
}
copy base "$BASE"; copy head "${HEAD_REV:-HEAD}"
echo -20 > /proc/$$/autogroup 2>/dev/null || true
cgroups=(/sys/fs/cgroup/cpuacct/kube-site-ab-$$-a /sys/fs/cgroup/cpuacct/kube-site-ab-$$-b)
mkdir -p "${cgroups[@]}"; trap 'rmdir "${cgroups[@]}" 2>/dev/null || true' EXIT
build() { # dir cgroup clean|rebuild: one build in the cgroup; prints wall ms, whole CPU ms, peak RSS MB
  local dir=$root/$1
  if [ "$3" = clean ]; then
    rm -rf "$dir/dist"; find "$dir/node_modules/.cache/kube-site" -mindepth 1 -maxdepth 1 ! -name cli ! -name compile-cache -exec rm -rf {} + 2>/dev/null || true
  else # one post's body edited, as a writer does between two builds
    local posts=("$dir/posts"/*.md); echo "Edited at $(date +%s%N)." >> "${posts[0]}"
  fi
  local before start end rss; rss=$(mktemp); before=$(cat "$2/cpuacct.usage"); start=$(date +%s%N)
  (echo "$BASHPID" > "$2/cgroup.procs"; cd "$dir" && exec /usr/bin/time -f %M -o "$rss" npx --no-install kube-site build --quiet >/dev/null 2>&1)
  end=$(date +%s%N); sleep 2
  echo "$(( (end - start) / 1000000 )) $(( ($(cat "$2/cpuacct.usage") - before) / 1000000 )) $(( $(cat "$rss") / 1024 ))"; rm -f "$rss"
}
build base "${cgroups[0]}" clean >/dev/null; build head "${cgroups[0]}" clean >/dev/null # compile each CLI once
pair() { # kind: both builds together; one line
  local a b; a=$(mktemp); b=$(mktemp)
  build base "${cgroups[0]}" "$1" > "$a" & build head "${cgroups[1]}" "$1" > "$b" & wait
  read -r wa ca ra < "$a"; read -r wb cb rb < "$b"; rm -f "$a" "$b"
  echo "$1 | base $wa ms, CPU $ca ms, peak $ra MB | head $wb ms, CPU $cb ms, peak $rb MB | CPU head/base $(awk "BEGIN { printf \"%.3f\", $cb / $ca }")"
}
for _ in $(seq "$RUNS"); do pair clean; [ -n "${CLEAN_ONLY:-}" ] || pair rebuild; done
