// Realistic posts for benchmarks: 800-1500 words each, headings, lists, a table, links and a
// fenced YAML block, from a seeded generator so every run builds the same site.

const words = `cluster namespace workload deployment policy network ingress egress service account
role binding secret admission controller operator agent assessment finding remediation patch
container image registry runtime kernel capability privilege security context node pod label
selector traffic flow allow deny audit compliance drift baseline threat exposure risk signal
telemetry metadata read-only approval review pull request gitops helm chart release upgrade
namespace tenant isolation boundary sidecar mesh gateway certificate rotation token identity`.split(/\s+/)

function random(seed) {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

const pick = (next, list) => list[Math.floor(next() * list.length)]
const sentence = (next) => {
  const length = 8 + Math.floor(next() * 14)
  const text = Array.from({ length }, () => pick(next, words)).join(' ')
  return text[0].toUpperCase() + text.slice(1) + '.'
}
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

/** The markdown of post number `n` (0-based). */
export function generatePost(n) {
  const next = random(n + 1)
  // Two hours apart, backwards from 2025: 20,000 posts stay in the past (a future date is a scheduled post).
  const day = new Date(Date.UTC(2025, 0, 1) - n * 36e5 * 2).toISOString().slice(0, 10)
  const sections = []
  let wordCount = 0
  const target = 800 + Math.floor(next() * 700)
  let section = 0
  while (wordCount < target) {
    const text = paragraph(next)
    wordCount += text.split(' ').length
    if (wordCount > 150 * (section + 1)) sections.push(`## ${sentence(next).slice(0, 40).replace(/\.$/, '')}`), section++
    sections.push(text)
    if (section === 2 && !sections.includes('YAML')) sections.push(yamlBlock(n), 'YAML')
  }
  const body = sections.filter((s) => s !== 'YAML')
  body.splice(3, 0, `- ${sentence(next)}\n- ${sentence(next)}\n- [${pick(next, words)}](https://kubernetes.io/docs/concepts/)`)
  body.splice(6, 0, `| setting | value |\n|---|---|\n| ${pick(next, words)} | ${pick(next, words)} |`)
  return `---
title: "Post ${n}: ${sentence(next).slice(0, 50).replace(/\.$/, '')}"
excerpt: "${sentence(next)}"
author: "Bench Writer"
date: ${day}
tags: [${pick(next, words)}, ${pick(next, words)}]
---
${body.join('\n\n')}
`
}
