import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, describe, expect, it } from 'vitest'
import { cliEnv, repoRoot } from '../../tests/support/buildSite.ts'

// `kube-site preview` as a person runs it: the real CLI in a child process, which reads the
// config's deploy rules and says how it serves; stopped (by its own pid) once answered.

const work = mkdtempSync(join(tmpdir(), 'kube-site-preview-cli-'))
const config = join(repoRoot, 'site.config.ts')
const html = `<!doctype html><title>Home</title><p>${'served as deployed '.repeat(40)}</p>`
writeFileSync(join(work, 'index.html'), html)
writeFileSync(join(work, 'plain.config.ts'), `import site from ${JSON.stringify(config)}\nexport default { ...site, deploy: { compress: false } }\n`)
afterAll(() => rmSync(work, { recursive: true, force: true }))

const cli = (args: string[]) => spawn(process.execPath, [join(repoRoot, 'cli/bin.js'), 'preview', '--out', work, '--port', '0', ...args], { cwd: work, env: cliEnv({ NO_COLOR: '1' }) })

/** Starts the preview, takes its first line, GETs the home page's bytes as sent, and stops it. */
async function servedBy(args: string[]) {
  const child = cli(args)
  const exited = new Promise((resolve) => child.once('exit', resolve))
  try {
    const line = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`preview exited with ${code}`)))
      createInterface({ input: child.stdout }).once('line', resolve)
    })
    const url = /http:\/\/\S+/.exec(line)![0]
    const response = await new Promise<{ encoding?: string; bytes: number }>((resolve, reject) => {
      request(url, (res) => {
        let bytes = 0
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], bytes }))
      })
        .on('error', reject)
        .end()
    })
    return { line: line.replace(/http:\/\/\S+/, 'URL'), ...response }
  } finally {
    child.kill()
    await exited
  }
}

describe('kube-site preview', () => {
  it.each([
    [[], '(as deployed, text gzipped; Ctrl-C to stop)', 'gzip'],
    [['--config', 'plain.config.ts'], '(as deployed, uncompressed (deploy.compress is off); Ctrl-C to stop)', undefined],
    [['--no-compress'], '(uncompressed (--no-compress); Ctrl-C to stop)', undefined],
  ])('%j serves and says so: %s', async (args, note, encoding) => {
    const served = await servedBy(['--config', config, ...args])
    expect(served.line).toBe(`  ➜ Preview of ${work}/ at URL  ${note}`)
    expect(served.encoding).toBe(encoding)
    if (encoding) expect(served.bytes).toBeLessThan(Buffer.byteLength(html))
    else expect(served.bytes).toBe(Buffer.byteLength(html))
  })

  it('refuses the old --gzip with what to do instead', async () => {
    const child = cli(['--gzip'])
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    const code = await new Promise((resolve) => child.once('close', resolve))
    expect(code).toBe(1)
    expect(stderr).toBe(
      'error --gzip is no longer an option: preview serves text gzipped by default, as deploy stores it\n' +
        '  hint: Drop --gzip. deploy.compress in site.config.ts decides for both deploy and preview; --no-compress serves plain files.\n',
    )
  })
})
