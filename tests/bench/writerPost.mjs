#!/usr/bin/env node
// `node tests/bench/writerPost.mjs POSTS_DIR`: writes the post the writer's toolkit is measured on
// (issue 35): about 5,000 words in 12 sections (h2 and h3), 4 callouts and 10 code blocks (titles,
// highlighted lines, a diff), as posts/writers-toolkit.md in POSTS_DIR. Then build a site with
// those posts and run `npm run lighthouse -- --out DIST --page blog/writers-toolkit/` and
// `npm run bench:weight -- --out DIST` on it. Deterministic: the same post every time.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = process.argv[2]
if (!dir) {
  console.error('usage: node tests/bench/writerPost.mjs POSTS_DIR')
  process.exit(2)
}

const WORDS = (
  'cluster policy namespace workload service account token admission controller network traffic ' +
  'ingress egress audit log finding risk agent remediation pull request review rollout canary ' +
  'label selector pod container image registry signature runtime baseline drift alert owner team'
).split(' ')
let seed = 7
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
const word = () => WORDS[Math.floor(next() * WORDS.length)]

/** A paragraph of `n` words, with a little inline code and emphasis. */
function paragraph(n) {
  const words = Array.from({ length: n }, word)
  words[3] = `\`${words[3]}\``
  words[9] = `*${words[9]}*`
  const text = words.join(' ')
  return `${text[0].toUpperCase()}${text.slice(1)}.`
}

const manifest = (name) => `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: ${name}
  namespace: shop
spec:
  podSelector:
    matchLabels:
      app: ${name}
  policyTypes: [Ingress, Egress]
  ingress:
    - from:
        - podSelector:
            matchLabels:
              app: frontend
      ports:
        - port: 8080`

const blocks = [
  (i) => `\`\`\`yaml title="netpol-${i}.yaml" {8-10}\n${manifest(`api-${i}`)}\n\`\`\``,
  (i) => `\`\`\`bash title="Apply and check"\nkubectl apply -f netpol-${i}.yaml\nkubectl -n shop get networkpolicy api-${i} -o yaml\nkubectl auth can-i list secrets -n shop --as=system:serviceaccount:ci:deployer\n\`\`\``,
  (i) => `\`\`\`diff\n spec:\n   podSelector:\n     matchLabels:\n-      app: api\n+      app: api-${i}\n+      tier: backend\n   policyTypes: [Ingress, Egress]\n\`\`\``,
  (i) => `\`\`\`go {3}\nfunc allowed(policy Policy, port int) bool {\n\tfor _, rule := range policy.Ingress {\n\t\tif slices.Contains(rule.Ports, port) {\n\t\t\treturn true\n\t\t}\n\t}\n\treturn false // step ${i}\n}\n\`\`\``,
  (i) => `\`\`\`json title="finding-${i}.json"\n{ "id": "F-${i}", "severity": "high", "resource": "deployment/api", "rule": "no-default-deny" }\n\`\`\``,
]
const callouts = ['NOTE', 'TIP', 'WARNING', 'CAUTION']

const sections = []
let codeBlocks = 0
for (let section = 1; section <= 12; section++) {
  const heading = section % 3 === 0 ? `### Step ${section}: check the ${word()} ${word()}` : `## Part ${section}: the ${word()} and the ${word()}`
  const parts = [heading + (section === 1 ? ' {#start}' : '')]
  // 12 sections of about 410 words: 5,000 words with the code and the callouts.
  for (let n = 0; n < 4; n++) parts.push(paragraph(95 + (n % 3) * 5))
  if (section % 3 === 1) parts.push(`> [!${callouts[(section - 1) / 3]}]\n> ${paragraph(30)}`)
  if (codeBlocks < 10 && section !== 6 && section !== 12) parts.push(blocks[codeBlocks % blocks.length](++codeBlocks))
  sections.push(parts.join('\n\n'))
}

const post = `---
title: "The writer's toolkit, measured: a long guide to network policies"
excerpt: "A 5,000-word post with a table of contents, callouts and code blocks that teach: the page the writer's toolkit is measured on."
author: "Maya Chen"
date: 2025-11-20
updated: 2025-11-24
tags: [network-security, kubernetes-security]
image: /images/blog/least-privilege-network-policies-from-real-traffic-dark.svg
lightImage: /images/blog/least-privilege-network-policies-from-real-traffic-light.svg
darkImage: /images/blog/least-privilege-network-policies-from-real-traffic-dark.svg
---

${paragraph(60)} See [the first part](#start).

${sections.join('\n\n')}
`
writeFileSync(join(dir, 'writers-toolkit.md'), post)
const words = post.split('---').slice(2).join(' ').split(/\s+/).filter(Boolean).length
console.log(`wrote ${join(dir, 'writers-toolkit.md')}: ${words} words, 12 headings, 4 callouts, ${codeBlocks} code blocks`)
