import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { nativeCrashReport, withCoreDumps } from '../support/nativeCrash.ts'

// A run the suite starts that dies of a fault reports the native stack it faulted in, from its
// core, and leaves no core behind (tests/support/nativeCrash.ts).
describe('a native crash of a run the suite starts', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'kube-site-crash-'))
  afterAll(() => rmSync(cwd, { recursive: true, force: true }))
  const die = (signal: string) => spawnSync(...withCoreDumps(process.execPath, ['-e', `process.kill(process.pid, '${signal}')`]), { cwd })

  it('names the faulting stack from the core, then removes the core', { timeout: 180_000 }, () => {
    const run = die('SIGSEGV')
    expect(run.signal).toBe('SIGSEGV')
    const report = nativeCrashReport(run.signal, cwd, run.pid)
    if (readFileSync('/proc/sys/kernel/core_pattern', 'utf8').startsWith('|')) {
      // The kernel pipes cores to a handler here: the report says so, rather than nothing.
      expect(report).toMatch(/no core to read: the kernel hands cores to/)
      return
    }
    expect(report).toContain('Program terminated with signal SIGSEGV')
    // The thread that faulted was in kill(2), called from node's process.kill.
    expect(report).toMatch(/#\d+ .* in uv_kill /)
    expect(report).toMatch(/node::Kill/)
    expect(readdirSync(cwd)).toEqual([])
  })

  it('says nothing of a run that ended by another signal', () => {
    const run = die('SIGTERM')
    expect(run.signal).toBe('SIGTERM')
    expect(nativeCrashReport(run.signal, cwd, run.pid)).toBe('')
    expect(nativeCrashReport(null, cwd, run.pid)).toBe('')
    expect(existsSync(join(cwd, 'core'))).toBe(false)
  })
})
