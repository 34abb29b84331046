import { join } from 'node:path'
import type { Plugin } from 'vite'

const CHUNKS = 'virtual:kube-site-vike-client/'

/**
 * vike's client runtime served in dev as three modules, not 135: vike keeps it out of vite's dependency optimisation
 * (it imports a virtual module), so a page's first load fetched and transformed its files one by one. Its two entries
 * (`entry.js`, which vike's page script imports by its path, and `vike/client/router`) are bundled once per server.
 */
export function bundledVikeClient(toolRoot: string): Plugin {
  const runtime = join(toolRoot, 'node_modules/vike/dist/client/runtime-client-routing')
  const entries = new Map(['entry', 'index'].map((name) => [join(runtime, `${name}.js`), `${name}-entry`]))
  const bundle = async () => {
    const input = Object.fromEntries([...entries].map(([file, name]) => [name, file]))
    const build = await (await import('rolldown')).rolldown({ input, external: (source) => source.startsWith('virtual:'), platform: 'browser', logLevel: 'silent' })
    const { output } = await build.generate({ format: 'esm', chunkFileNames: '[name].js' })
    await build.close()
    // Each module by its name; a shared chunk imported by the virtual id it is served at.
    return new Map(output.map((chunk) => [chunk.fileName.slice(0, -3), chunk.type === 'chunk' ? chunk.code.replace(/(["'])\.\/([\w.-]+)\.js\1/g, `$1${CHUNKS}$2$1`) : '']))
  }
  let bundled: ReturnType<typeof bundle> | undefined
  return {
    name: 'kube-site:bundled-vike-client',
    apply: 'serve',
    enforce: 'pre',
    resolveId: (source) => (source.startsWith(CHUNKS) ? `\0${source}` : undefined),
    async load(id) {
      const file = id.split('?')[0]!
      const name = file.startsWith(`\0${CHUNKS}`) ? file.slice(CHUNKS.length + 1) : entries.get(file)
      if (this.environment.name === 'client' && name) return (await (bundled ??= bundle())).get(name)
    },
  }
}
