// Preloaded into benchmark builds (node --import): appends this process's peak RSS in bytes and
// the CPU time it used in microseconds (user and system, every thread of it) to
// $KUBE_SITE_RSS_FILE when it exits, as one line: "<bytes> <microseconds>". Worker threads share
// the process, so only the main thread records; child processes inherit the preload and record
// their own.
import { appendFileSync } from 'node:fs'
import { isMainThread } from 'node:worker_threads'

const file = process.env.KUBE_SITE_RSS_FILE
if (file && isMainThread) {
  process.on('exit', () => {
    const usage = process.resourceUsage()
    appendFileSync(file, `${usage.maxRSS * 1024} ${usage.userCPUTime + usage.systemCPUTime}\n`)
  })
}
