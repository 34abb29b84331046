#!/usr/bin/env bash
# vike-react's own floor on the peers' posts (issue 74): the peers' site (a home page, a page per post, lists of two
# posts) as React pages that vike prerenders, with the Pagefind CLI over them, and nothing of kube-site's (no CSS, no
# islands, no policies, cards or feeds, one language); once with the peers' number of pages, once with as many pages as
# kube-site builds from the same posts (more lists of two). Each is built from clean, alternating with Eleventy + the
# Pagefind CLI, kube-site's clean build (as the README runs it) and, with ASTRO=1, Astro 7 + the Pagefind CLI, all as
# ../shared/peers/side-by-side.sh builds them, on tmpfs; it prints each one's median and its ratio to the peers'.
# FEATURES=1 adds kube-site with its features taken out (withoutFeatures.mjs): its second language, its search, its social
# cards, its pages' security, each alone, then the three the peers do not build (all but search), then all four; what
# kube-site's time over the floor buys. Each is a whole copy of the project on tmpfs: about 11 GB of it at 4,000 posts.
# Run from the project's root after npm ci, and after side-by-side.sh has installed the peers once (ASTRO=1 for Astro):
#   [ASTRO=1] [FEATURES=1] bash tests/bench/vikeFloor.sh [POSTS] [RUNS]
set -euo pipefail
N=${1:-4000}; RUNS=${2:-3}
repo=$PWD; peers=$repo/../shared/peers; mods=${PEERS_CACHE:-${TMPDIR:-/tmp}/kube-site-peers}
[[ -d $repo/node_modules && -d $mods/eleventy/node_modules ]] || { echo "run from the project's root after npm ci and ../shared/peers/side-by-side.sh" >&2; exit 2; }
[[ ${ASTRO:-} != 1 || -d $mods/astro/node_modules ]] || { echo "ASTRO=1 ../shared/peers/side-by-side.sh installs Astro first" >&2; exit 2; }
node26=$repo/node_modules/.bin   # the project's Node, first on the PATH for the floor and Astro as side-by-side.sh gives it to Astro; Eleventy on the PATH's
# The corpus and kube-site's copy with it, as the other benches make them (benchSite.mjs), on tmpfs.
root=$("$node26/node" --input-type=module -e "const { createBenchSite } = await import('$repo/tests/bench/benchSite.mjs'); console.log(createBenchSite({ posts: $N }).site)" | tail -n 1)
trap 'rm -rf "$root"' EXIT

# The peers, as side-by-side.sh sets them up with SEARCH=1.
cp -a "$peers/eleventy" "$root/eleventy"; ln -s "$mods/eleventy/node_modules" "$root/eleventy/node_modules"
mkdir -p "$root/eleventy/posts"; cp "$root/corpus"/*.md "$peers/eleventy/posts.11tydata.js" "$root/eleventy/posts/"
sed -i -e 's#^<article>#<article data-pagefind-body>#' -e 's#{{ author }}#<span data-pagefind-filter="author">{{ author }}</span>#' \
  -e 's#<li>{{ t }}</li>#<li data-pagefind-filter="tag">{{ t }}</li>#' \
  -e 's#<time datetime="{{ page.date | isoDate }}">#<time data-pagefind-sort="date" datetime="{{ page.date | isoDate }}">#' "$root/eleventy/_includes/post.njk"
if [[ ${ASTRO:-} == 1 ]]; then
  cp -a "$peers/astro" "$root/astro"; cp -a "$mods/astro/node_modules" "$root/astro/node_modules"
  mkdir -p "$root/astro/posts"; cp "$root/corpus"/*.md "$root/astro/posts/"
  sed -i -e 's#^  <article>#  <article data-pagefind-body>#' -e 's#{d.author}#<span data-pagefind-filter="author">{d.author}</span>#' \
    -e 's#<li>{t}</li>#<li data-pagefind-filter="tag">{t}</li>#' -e 's#<time datetime=#<time data-pagefind-sort="date" datetime=#' "$root/astro/src/pages/blog/[slug].astro"
fi

# The floor: vike-react with the checkout's packages, its pages' data handed over by onBeforePrerenderStart.
floor=$root/floor; mkdir -p "$floor/pages/index" "$floor/pages/post" "$floor/pages/list"; ln -s "$repo/node_modules" "$floor/node_modules"
echo '{ "private": true, "type": "module" }' >"$floor/package.json"
cat >"$floor/vite.config.js" <<'EOF'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
export default { plugins: [react(), vike()], logLevel: 'warn', cacheDir: 'vite-cache' }
EOF
cat >"$floor/posts.js" <<'EOF'
import { readdirSync, readFileSync } from 'node:fs'
import matter from 'gray-matter'
import { marked } from 'marked'
const dir = process.env.POSTS
export const posts = readdirSync(dir).filter((file) => file.endsWith('.md')).map((file) => {
  const { data, content } = matter(readFileSync(`${dir}/${file}`, 'utf8'))
  return { slug: file.slice(0, -3), title: data.title, date: new Date(data.date).toISOString(), author: data.author, readTime: String(data.readTime), tags: data.tags ?? [], html: marked.parse(content) }
}).sort((a, b) => (a.date < b.date ? 1 : -1))
/** The lists: /blog/, /blog/page/N/, then EXTRA more (/blog/more/N/), two posts each. */
export const lists = []
for (let i = 0, n = 1; n <= Math.ceil(posts.length / 2) + Number(process.env.EXTRA ?? 0); i = (i + 2) % posts.length, n++) {
  const url = n === 1 ? '/blog/' : n <= Math.ceil(posts.length / 2) ? `/blog/page/${n}/` : `/blog/more/${n}/`
  lists.push({ url, n, posts: posts.slice(i, i + 2).map(({ slug, title, date }) => ({ slug, title, date })) })
}
EOF
cat >"$floor/pages/+config.js" <<'EOF'
import vikeReact from 'vike-react/config'
export default { extends: [vikeReact], prerender: true, title: 'Blog', Layout: 'import:../Layout.jsx:default' }
EOF
cat >"$floor/Layout.jsx" <<'EOF'
export default function Layout({ children }) {
  return (<><header><a href="/">Home</a> <a href="/blog/">Blog</a></header><main>{children}</main><footer>The peers' blog</footer></>)
}
EOF
echo 'export default function Page() { return <h1>Home</h1> }' >"$floor/pages/index/+Page.jsx"
echo 'export default "/blog/@slug/"' >"$floor/pages/post/+route.js"
cat >"$floor/pages/post/+onBeforePrerenderStart.js" <<'EOF'
import { posts } from '../../posts.js'
export default () => posts.map((post) => ({ url: `/blog/${post.slug}/`, pageContext: { data: post } }))
EOF
cat >"$floor/pages/post/+Page.jsx" <<'EOF'
import { useData } from 'vike-react/useData'
export default function Page() {
  const post = useData()
  return (
    <article data-pagefind-body>
      <h1>{post.title}</h1>
      <p><time data-pagefind-sort="date" dateTime={post.date}>{post.date.slice(0, 10)}</time> · <span data-pagefind-filter="author">{post.author}</span> · {post.readTime} min read</p>
      <ul>{post.tags.map((tag) => <li key={tag} data-pagefind-filter="tag">{tag}</li>)}</ul>
      <div dangerouslySetInnerHTML={{ __html: post.html }} />
    </article>
  )
}
EOF
cat >"$floor/pages/list/+route.js" <<'EOF'
export default (pageContext) => /^\/blog\/(?:(?:page|more)\/\d+\/)?$/.test(pageContext.urlPathname)
EOF
cat >"$floor/pages/list/+onBeforePrerenderStart.js" <<'EOF'
import { lists } from '../../posts.js'
export default () => lists.map((list) => ({ url: list.url, pageContext: { data: list } }))
EOF
cat >"$floor/pages/list/+Page.jsx" <<'EOF'
import { useData } from 'vike-react/useData'
export default function Page() {
  const list = useData()
  return (<><h1>Blog, page {list.n}</h1><ul>{list.posts.map((post) => <li key={post.slug}><a href={`/blog/${post.slug}/`}>{post.title}</a> <time dateTime={post.date}>{post.date.slice(0, 10)}</time></li>)}</ul></>)
}
EOF

t() { local s; s=$(date +%s.%N); "$@" >"$root/log-$1" 2>&1 || { cat "$root/log-$1" >&2; echo "failed: $*" >&2; exit 1; }; echo "$(date +%s.%N) - $s" | bc; }
pagefind=$repo/node_modules/.bin/pagefind
# kube-site as side-by-side.sh runs it, but with its summary, whose bundle stage is read after each run.
kubeIn() { rm -rf "$1/dist"; find "$1/node_modules/.cache/kube-site" -mindepth 1 -maxdepth 1 ! -name cli -exec rm -rf {} + 2>/dev/null || true; (cd "$1" && npx --no-install kube-site build); }
kube() { kubeIn "$root/kube"; }
# FEATURES=1: a copy of kube-site for each variant, and its build, without_<variant>.
featuresOf() { case $1 in unshared) echo language cards security;; all) echo language search cards security;; *) echo "$1";; esac; }
without=(); [[ ${FEATURES:-} == 1 ]] && for v in language search cards security unshared all; do
  cp -a "$root/kube" "$root/kube-$v"
  # shellcheck disable=SC2046
  "$node26/node" "$repo/tests/bench/withoutFeatures.mjs" "$root/kube-$v" $(featuresOf "$v")
  eval "without_$v() { kubeIn \"\$root/kube-$v\"; }"; without+=("without_$v")
done
eleventy() { (cd "$root/eleventy" && rm -rf _site .cache && ./node_modules/.bin/eleventy --quiet && "$pagefind" --site _site --silent); }
astro() { (cd "$root/astro" && rm -rf dist .astro node_modules/.astro node_modules/.vite && ASTRO_TELEMETRY_DISABLED=1 PATH=$node26:$PATH ./node_modules/.bin/astro build --silent && "$pagefind" --site dist --silent); }
floorAt() { (cd "$floor" && rm -rf dist vite-cache && POSTS=$root/corpus EXTRA=$1 PATH=$node26:$PATH vike build && "$pagefind" --site dist/client --silent); }
peersFloor() { floorAt 0; }
kubeFloor() { floorAt "$extra"; }

pages() { find "$1" -name '*.html' | wc -l; }
kube >/dev/null 2>&1; kubePages=$(pages "$root/kube/dist")
peersFloor >/dev/null 2>&1; peerPages=$(pages "$floor/dist/client")
extra=$((kubePages - peerPages)); kubeFloor >/dev/null 2>&1
echo "pages: kube-site $kubePages; the floor $peerPages, and $(pages "$floor/dist/client") with $extra more lists"
builds=(eleventy peersFloor kubeFloor kube "${without[@]}"); peers=(eleventy); [[ ${ASTRO:-} == 1 ]] && builds+=(astro) && peers+=(astro)
declare -A times ratios
for b in "${builds[@]}"; do $b >/dev/null 2>&1; done   # one warm-up each
# Each round builds each one once, one after the other; a ratio is taken within a round (the machine's speed drifts).
for _ in $(seq "$RUNS"); do
  declare -A round=()
  for b in "${builds[@]}"; do round[$b]=$(t "$b"); times[$b]+="${round[$b]} "; done
  round[bundle]=$(sed -nE 's/^.*✓ bundle +([0-9.]+) (m?s).*$/\1 \2/p' "$root/log-kube" | awk '{print $2 == "ms" ? $1 / 1000 : $1}')
  times[bundle]+="${round[bundle]} "
  for p in "${peers[@]}"; do for b in peersFloor kubeFloor kube bundle "${without[@]}"; do ratios[$b/$p]+="$(echo "${round[$b]} / ${round[$p]}" | bc -l) "; done; done
done
med() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
name() { case $1 in eleventy) echo 'Eleventy + Pagefind CLI';; astro) echo 'Astro 7 + Pagefind CLI';; peersFloor) echo "vike-react floor, $peerPages pages";; kubeFloor) echo "vike-react floor, $kubePages pages";; kube) echo 'kube-site, clean';; bundle) echo "kube-site's bundle stage";;
  without_*) echo "kube-site without $(featuresOf "${1#without_}" | sed 's/ /, /g')";; esac; }
echo "posts $N, $RUNS rounds, tmpfs, clean builds + Pagefind; medians, every round's in brackets"
for b in "${builds[@]}" bundle; do printf '  %-34s %6.2f s  (%s)\n' "$(name "$b")" "$(echo "${times[$b]}" | med)" "$(printf '%.2f ' ${times[$b]})"; done
for p in "${peers[@]}"; do for b in peersFloor kubeFloor kube bundle "${without[@]}"; do
  printf '  %-34s / %-24s %.2f  (%s)\n' "$(name "$b")" "$(name "$p")" "$(echo "${ratios[$b/$p]}" | med)" "$(printf '%.2f ' ${ratios[$b/$p]})"
done; done
