// V8's code for the CommonJS packages the CLI loads, kept from one run to the next. Node 20 has no
// compile cache of its own (module.enableCompileCache is Node 22's), so every run compiled again
// the packages it needs: for a one-post rebuild, gray-matter, js-yaml, sanitize-html with
// htmlparser2 and PostCSS, highlight.js, React's server renderer (144 files, 40-60 ms of the CLI's
// thread). Here each is compiled with the code V8 made for it last time, when its text is the same.
//
// The cache is beside the compiled CLI (node_modules/.cache/kube-site/v8/): it depends on the
// installed packages and on Node, never on the site; it goes with the build caches when they are
// removed, and the next run makes it again. A file holds the CRC-32 and length of the
// module's text, then V8's data: V8 itself refuses data of another V8, of other flags or of a
// text of another length, but would run stale code for an edit that keeps the length. Refused,
// the module compiles as usual and its file is made again. Data is made
// right after the module's first run, with the functions that run compiled: a worker thread ends
// by being terminated, without an exit to save anything at. The flags a run sets (setV8Flag)
// change the data V8 makes, so each set of flags has a folder of its own.
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import Module from 'node:module'
import { dirname, join, sep } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import vm from 'node:vm'
import { crc32 } from 'node:zlib'

/** The flags set while running (setV8Flag), for the threads started after. */
const FLAGS_VARIABLE = 'KUBE_SITE_V8_FLAGS'
/** A folder for flags no run has used for this long is removed. */
const UNUSED_MS = 30 * 24 * 3_600_000
const HEADER_BYTES = 8
/** Anything that may be a dynamic import() (in a comment or a string too: such a module is only compiled as usual). */
const DYNAMIC_IMPORT = /\bimport\s*\(/

/** Sets a V8 flag for the whole process, as the code cache needs to know. */
export function setV8Flag(flag) {
  setFlagsFromString(flag)
  const set = (process.env[FLAGS_VARIABLE] ?? '').split(' ').filter(Boolean)
  if (!set.includes(flag)) process.env[FLAGS_VARIABLE] = [...set, flag].join(' ')
}

const stats = { used: 0, made: 0 }

/** How many modules this thread compiled with cached code, and how many it made code for. */
export const codeCacheStats = () => ({ ...stats })

let installed = false

/**
 * From now on, this thread compiles the CommonJS modules of node_modules/ with the code cached
 * under `dir`. Off with KUBE_SITE_CODE_CACHE=0, and before Node 20.12.
 */
export function useCodeCache(dir) {
  const mainContextLoader = vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER
  if (installed || !mainContextLoader || process.env.KUBE_SITE_CODE_CACHE === '0') return
  installed = true
  const compile = Module.prototype._compile
  const packages = `${sep}node_modules${sep}`
  Module.prototype._compile = function (content, filename, format) {
    // An ES module required (Node 20.19+), anything of our own, and a module that may call
    // import(), which Node 20 gives code compiled by vm only with --experimental-vm-modules (and
    // USE_MAIN_CONTEXT_DEFAULT_LOADER does not change that): as Node does it.
    // Files that tools write under node_modules/.* (vite's temporary configs) are not packages.
    if (format === 'module' || !filename.includes(packages) || filename.includes(`${packages}.`) || DYNAMIC_IMPORT.test(content)) return compile.apply(this, arguments)
    const file = cacheFile(dir, filename)
    const check = Buffer.alloc(HEADER_BYTES)
    check.writeUInt32LE(crc32(content), 0)
    check.writeUInt32LE(content.length, 4)
    const cachedData = readCached(file, check)
    let script
    try {
      script = new vm.Script(Module.wrap(content), { filename, cachedData, importModuleDynamically: mainContextLoader })
    } catch {
      // Not CommonJS after all, or broken: Node says which, and how.
      return compile.apply(this, arguments)
    }
    const fresh = cachedData === undefined || script.cachedDataRejected === true
    if (!fresh) stats.used++
    const result = script.runInThisContext({ displayErrors: true }).call(this.exports, this.exports, requireFor(this), this, filename, dirname(filename))
    if (fresh) save(file, check, script)
    return result
  }
}

/** The file of a module's code, in the folder of the flags this thread runs with. */
function cacheFile(dir, filename) {
  const flags = createHash('sha1').update(`${process.version}\0${process.execArgv.join(' ')}\0${process.env[FLAGS_VARIABLE] ?? ''}`).digest('hex').slice(0, 12)
  return join(dir, flags, `${createHash('sha1').update(filename).digest('hex')}.bin`)
}

function readCached(file, check) {
  try {
    const bytes = readFileSync(file)
    return bytes.subarray(0, HEADER_BYTES).equals(check) ? bytes.subarray(HEADER_BYTES) : undefined
  } catch {
    return undefined
  }
}

const touched = new Set()

/** Writes a module's code whole or not at all (runs may start together); a failure costs the next run the compile, nothing else. */
function save(file, check, script) {
  try {
    const folder = dirname(file)
    if (!touched.has(folder)) {
      touched.add(folder)
      mkdirSync(folder, { recursive: true })
      const now = new Date()
      utimesSync(folder, now, now)
      removeUnused(dirname(folder), now.getTime())
    }
    const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`
    writeFileSync(temporary, Buffer.concat([check, script.createCachedData()]))
    renameSync(temporary, file)
    stats.made++
  } catch {
    // A read-only or full disk.
  }
}

/** Folders of flags (or of a Node) no run has written to for a month. */
function removeUnused(dir, now) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (now - statSync(path).mtimeMs > UNUSED_MS) rmSync(path, { recursive: true, force: true })
  }
}

/** The `require` Node gives a module's code (its makeRequireFunction is internal). */
function requireFor(module) {
  const require = (id) => module.require(id)
  require.resolve = (request, options) => Module._resolveFilename(request, module, false, options)
  require.resolve.paths = (request) => Module._resolveLookupPaths(request, module)
  require.main = process.mainModule
  require.extensions = Module._extensions
  require.cache = Module._cache
  return require
}
