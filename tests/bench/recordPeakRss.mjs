// Preloaded into benchmark builds (node --import): appends this process's peak RSS in bytes
// to $KUBE_SITE_RSS_FILE when it exits. Worker processes inherit it through NODE_OPTIONS.
import { appendFileSync } from 'node:fs'

const file = process.env.KUBE_SITE_RSS_FILE
if (file) process.on('exit', () => appendFileSync(file, `${process.resourceUsage().maxRSS * 1024}\n`))
