// Realistic posts for benchmarks: 1500-2500 words each, headings, bold text, links, a list, a
// table and a fenced YAML block, from a seeded generator so every run builds the same site. The
// frontmatter carries what kube-site needs and what the peers of ../shared/peers print (title,
// date, author, readTime, tags, image), with a cover image per theme as the site's own posts have.

const words = `cluster namespace workload deployment policy network ingress egress service account
role binding secret admission controller operator agent assessment finding remediation patch
container image registry runtime kernel capability privilege security context node pod label
selector traffic flow allow deny audit compliance drift baseline threat exposure risk signal
telemetry metadata read-only approval review pull request gitops helm chart release upgrade
namespace tenant isolation boundary sidecar mesh gateway certificate rotation token identity`.split(/\s+/)

const links = ['https://kubernetes.io/docs/concepts/', 'https://kubernetes.io/docs/reference/access-authn-authz/rbac/', '/pricing/', '/blog/']

function random(seed) {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

const pick = (next, list) => list[Math.floor(next() * list.length)]
/** A sentence of 8-21 words; about one in four has a bold phrase or a link. */
const sentence = (next) => {
  const length = 8 + Math.floor(next() * 14)
  const list = Array.from({ length }, () => pick(next, words))
  const mark = next()
  if (mark < 0.12) list[3] = `**${list[3]} ${list[4]}**`
  else if (mark < 0.25) list[5] = `[${list[5]} ${list[6]}](${pick(next, links)})`
  const text = list.join(' ')
  return text[0].toUpperCase() + text.slice(1) + '.'
}
const plain = (next) => Array.from({ length: 8 + Math.floor(next() * 14) }, () => pick(next, words)).join(' ')
const paragraph = (next) => Array.from({ length: 3 + Math.floor(next() * 4) }, () => sentence(next)).join(' ')

const yamlBlock = (n) => `\`\`\`yaml
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: allow-frontend-${n}
  namespace: shop
spec:
  podSelector:
    matchLabels:
      app: api-${n}
  policyTypes: [Ingress]
  ingress:
    - from:
        - podSelector:
            matchLabels:
              app: frontend
      ports:
        - protocol: TCP
          port: ${8000 + (n % 1000)}
\`\`\``

const images = ['auditing-kubernetes-rbac-without-breaking-deploys', 'inside-a-read-only-ai-risk-assessment', 'introducing-ai-agents-that-secure-kubernetes']

/** The markdown of post number `n` (0-based). */
export function generatePost(n) {
  const next = random(n + 1)
  // Two hours apart, backwards from 2025: 20,000 posts stay in the past (a future date is a scheduled post).
  const day = new Date(Date.UTC(2025, 0, 1) - n * 36e5 * 2).toISOString().slice(0, 10)
  const body = []
  let wordCount = 0
  const target = 1500 + Math.floor(next() * 1000)
  let section = 0
  while (wordCount < target) {
    const text = paragraph(next)
    wordCount += text.split(' ').length
    if (wordCount > 200 * (section + 1)) {
      body.push(`## ${plain(next).slice(0, 40).trim()}`)
      if (++section === 2) body.push(yamlBlock(n))
    }
    body.push(text)
  }
  body.splice(3, 0, `- ${sentence(next)}\n- ${sentence(next)}\n- [${pick(next, words)}](${pick(next, links)})`)
  body.splice(6, 0, `| setting | value |\n|---|---|\n| ${pick(next, words)} | ${pick(next, words)} |`)
  const image = `/images/blog/${pick(next, images)}`
  return `---
title: "Post ${n}: ${plain(next).slice(0, 50).trim()}"
excerpt: "${plain(next)}."
author: "Bench Writer"
date: ${day}
readTime: "${Math.round(wordCount / 230)} min read"
tags: [${pick(next, words)}, ${pick(next, words)}]
image: ${image}-dark.svg
lightImage: ${image}-light.svg
darkImage: ${image}-dark.svg
---
${body.join('\n\n')}
`
}
