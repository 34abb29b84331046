// Preloaded into benchmark builds (node --import): appends this process's peak RSS in bytes to
// $KUBE_SITE_RSS_FILE when it exits. Worker threads share the process, so only the main thread
// records; child processes (if any) inherit the preload and record their own.
import { appendFileSync } from 'node:fs'
import { isMainThread } from 'node:worker_threads'

const file = process.env.KUBE_SITE_RSS_FILE
if (file && isMainThread) process.on('exit', () => appendFileSync(file, `${process.resourceUsage().maxRSS * 1024}\n`))
