import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'

// A CLI run that dies of a fault in native code (V8's, Node's or an addon's) says nothing of it:
// no stderr, only the signal. Three clean builds in the suite have ended so over the project's
// life (two on Node 20, one on Node 26, none reproduced since), so the runs the suite starts
// may leave a core, and a run that died of one of these signals reports the native stack of the
// thread that faulted, read from the core by gdb (Debian's, which tests/run.mjs installs), and
// removes the core: the next failure names where it crashed.

/** The signals of a fault in native code: the ones a core says more of. */
const FAULTS: ReadonlySet<string> = new Set(['SIGSEGV', 'SIGBUS', 'SIGILL', 'SIGFPE', 'SIGABRT', 'SIGTRAP'])

const PRLIMIT = '/usr/bin/prlimit'
const GDB = '/usr/bin/gdb'

/**
 * `command args` as a run that may leave a core: prlimit (util-linux, on every Debian) raises the
 * soft core limit of that one process (0 by default) and runs it in its own place, same process.
 */
export function withCoreDumps(command: string, args: readonly string[]): [command: string, args: string[]] {
  return existsSync(PRLIMIT) ? [PRLIMIT, ['--core=unlimited', '--', command, ...args]] : [command, [...args]]
}

/** Where the kernel writes the core of process `pid` that ran in `cwd`, if it writes a file there; else why not. */
function coreFile(cwd: string, pid: number | undefined): { file: string } | { not: string } {
  const pattern = readFileSync('/proc/sys/kernel/core_pattern', 'utf8').trim()
  if (pattern.startsWith('|')) return { not: `the kernel hands cores to ${pattern.slice(1).split(' ')[0]} (core_pattern)` }
  // %p is the process id; any other specifier (the time, the host) cannot be known from here.
  const named = pattern.replaceAll('%p', String(pid ?? ''))
  if (named.includes('%')) return { not: `core_pattern ${pattern} names files by more than the process id` }
  const file = isAbsolute(named) ? named : join(cwd, named)
  const usesPid = !pattern.includes('%p') && readFileSync('/proc/sys/kernel/core_uses_pid', 'utf8').trim() === '1'
  return { file: usesPid ? `${file}.${pid}` : file }
}

/**
 * What a run that ended by `signal` (its process `pid`, its working folder `cwd`) left of a native
 * crash: gdb's list of the threads and the stack of the one that faulted, from its core, which is
 * then removed. Empty for a run that ended otherwise.
 */
export function nativeCrashReport(signal: string | null | undefined, cwd: string, pid: number | undefined, executable = process.execPath): string {
  if (!signal || !FAULTS.has(signal)) return ''
  const where = coreFile(cwd, pid)
  if ('not' in where) return `\nno core to read: ${where.not}`
  if (!existsSync(where.file)) return `\nno core at ${where.file} (core dumps allowed: ${existsSync(PRLIMIT) ? 'yes, through prlimit' : 'no, prlimit is missing'})`
  try {
    if (!existsSync(GDB)) return `\na core at ${where.file}, and no gdb to read it (apt-get install gdb)`
    const report = execFileSync(GDB, ['-q', '-batch', '-nx', '-ex', 'info threads', '-ex', 'bt 20', executable, where.file], { encoding: 'utf8', timeout: 120_000, maxBuffer: 16 << 20, stdio: ['ignore', 'pipe', 'pipe'] })
    // The threads and the faulting stack; not gdb's lines on loading symbols and thread libraries.
    const lines = report.split('\n').filter((line) => /^(Program terminated|\s*\*?\s*\d+\s+Thread |#\d+ )/.test(line))
    return `\nnative stack of the faulting thread (gdb, core of process ${pid}):\n${lines.join('\n')}`
  } catch (error) {
    return `\ngdb could not read the core at ${where.file}: ${(error as Error).message.split('\n')[0]}`
  } finally {
    rmSync(where.file, { force: true })
  }
}
