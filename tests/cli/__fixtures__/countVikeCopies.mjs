// A preload (`node --import`) for tests/cli/vikeCopies.test.ts: as each thread of a kube-site
// runs and when it ends, appends to the file KUBE_SITE_VIKE_COPIES how many copies of vike it ran, and which files of
// node_modules/vike it loaded. vike's utils/assert.js, which every entry point of vike imports,
// adds its version to a list on globalThis (getGlobalObject's 'utils/assertSingleInstance.ts') once
// for each copy evaluated: a bundled copy as one a file at a time.
import { appendFileSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { threadId } from 'node:worker_threads'

const fromNodeModules = new Set()
registerHooks({
  load(url, context, nextLoad) {
    if (url.includes('/node_modules/vike/')) fromNodeModules.add(url.slice(url.indexOf('/node_modules/vike/') + 1))
    return nextLoad(url, context)
  },
})
/** Appends this thread's count when it changed since its last line (the reader keeps each thread's last). */
let recorded = ''
function record() {
  const copies = globalThis._vike?.globals?.['utils/assertSingleInstance.ts']?.instances.length ?? 0
  const line = JSON.stringify({ thread: threadId, copies, fromNodeModules: fromNodeModules.size })
  if (line !== recorded) appendFileSync(process.env.KUBE_SITE_VIKE_COPIES, `${line}\n`)
  recorded = line
}
// A thread the CLI terminates may be stopped mid-work, before its exit listeners run: its count is written as it goes too.
setInterval(record, 50).unref()
process.on('exit', record)
