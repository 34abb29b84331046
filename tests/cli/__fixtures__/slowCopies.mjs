// Preloaded (--import) into a CLI run of tests/cli/build.test.ts: every file copied with
// fs.promises.copyFile in the CLI's thread takes 8 s more, as the bundle's copy into the cache can
// on a loaded machine, where it ended after the write stage and the swap had moved its files.
import { syncBuiltinESMExports } from 'node:module'
import { promises } from 'node:fs'
import { setTimeout } from 'node:timers/promises'
import { isMainThread } from 'node:worker_threads'

if (isMainThread) {
  const copyFile = promises.copyFile
  promises.copyFile = async (...args) => {
    await setTimeout(8000)
    return copyFile(...args)
  }
  syncBuiltinESMExports()
}
