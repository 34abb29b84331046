#!/usr/bin/env node
// `node tests/bench/socialCards.mjs [--posts 100] [--script latin|ja|ar]`: the cost of social
// cards. Builds a generated site of N posts without covers twice with the real CLI (`build
// --profile`): first with every card new (the titles carry this run's id, so no card is in the
// cache), then again with every card cached, and prints what the profile says of the cards: ms
// per card rendered (summed over the card threads, without their start-up), and ms per cached
// card (cache check and link).
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { generatePost } from './generatePosts.mjs'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const { values } = parseArgs({ options: { posts: { type: 'string', default: '100' }, script: { type: 'string', default: 'latin' } } })
/** `--script ja|ar`: titles in Japanese or Arabic (Noto fonts, and HarfBuzz for Arabic), to compare with Latin ones. */
const TITLES = {
  latin: undefined,
  ja: ['クラスタのネットワークポリシーを実際のトラフィックから生成する', 'Kubernetes の権限監査：デプロイを壊さずに', 'ポッドセキュリティアドミッションの実践'],
  ar: ['سياسات الشبكة من حركة المرور الفعلية', 'تدقيق صلاحيات Kubernetes دون كسر النشر', 'قبول أمان الحاويات في الممارسة'],
}[values.script]
if (!(values.script in { latin: 1, ja: 1, ar: 1 })) throw new Error(`--script latin, ja or ar, not ${values.script}`)
const count = Number(values.posts)
const site = mkdtempSync(join(tmpdir(), 'kube-site-cards-'))
const run = Date.now().toString(36)
mkdirSync(join(site, 'posts'))
for (let n = 0; n < count; n++) {
  const post = generatePost(n)
    .replace(/^(image|lightImage|darkImage):.*\n/gm, '')
    .replace(/^title: "/m, `title: "[${run}] `)
    .replace(/^(title: "\[\w+\] ).*"$/m, (line, start) => (TITLES ? `${start}${TITLES[n % TITLES.length]} ${n}"` : line))
  writeFileSync(join(site, 'posts', `post-${n}.md`), post)
}
const build = () => {
  const result = spawnSync(process.execPath, [join(repo, 'cli/bin.js'), 'build', '--profile', '--config', join(repo, 'site.config.ts'), '--out', join(site, 'dist')], { cwd: site, env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}${result.stderr}`)
  return result.stdout
}
const cardLines = (output) => output.split('\n').filter((line) => /social cards|built in/.test(line)).map((line) => line.trim())
try {
  console.log(`social cards over ${count} posts (+ home, pricing, blog), ${values.script} titles`)
  console.log('cold:  ', cardLines(build()).join('\n        '))
  console.log('cached:', cardLines(build()).join('\n        '))
} finally {
  rmSync(site, { recursive: true, force: true })
}
