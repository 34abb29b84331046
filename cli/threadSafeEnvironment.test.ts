import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const toolRoot = fileURLToPath(new URL('..', import.meta.url))
const settle = new URL('./threadSafeEnvironment.js', import.meta.url).href

/** The variables a worker thread's first load of sharp (libvips' start) adds to the process's environment, after `settleEnvironment` or not. */
function addedByLibvips(settled: boolean): string[] {
  const script = `
    import { Worker } from 'node:worker_threads'
    import { settleEnvironment } from ${JSON.stringify(settle)}
    if (${settled}) settleEnvironment(${JSON.stringify(toolRoot)})
    const before = new Set(Object.keys(process.env))
    const worker = new Worker("const { default: sharp } = await import('sharp'); await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer()", { eval: true })
    worker.on('exit', () => console.log(JSON.stringify(Object.keys(process.env).filter((name) => !before.has(name)))))
  `
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !['VIPSHOME', 'BASE_SERVER', 'BASE_ASSETS'].includes(name)))
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: toolRoot, env, encoding: 'utf8' })) as string[]
}

describe('the environment, before any thread starts', () => {
  it('has what libvips would add while another thread reads it', () => {
    expect(addedByLibvips(false)).toEqual(['VIPSHOME'])
    expect(addedByLibvips(true)).toEqual([])
  })
})
