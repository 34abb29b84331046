// Shared by the page-weight and Lighthouse benches: the built site served by `kube-site preview`
// as deploy stores it in the bucket (text gzipped with the repository's site.config.ts deploy
// rules, their Cache-Control, 404.html with status 404), and the pages both measure.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Starts the preview server on a free port; resolves once it prints its URL. `compress: false`
 * serves every file uncompressed (`--no-compress`): the worst case, a bucket without gzip.
 */
export function previewSite(dist, { compress = true } = {}) {
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`No ${dist}/index.html: run \`npx kube-site build\` first.`)
  const args = [join(repo, 'cli/bin.js'), 'preview', '--port', '0', '--out', dist, '--config', join(repo, 'site.config.ts')]
  if (!compress) args.push('--no-compress')
  const child = spawn(process.execPath, args, { env: { ...process.env, NO_COLOR: '1' } })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
      const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)?.[1]
      if (url) resolve({ url, stop: () => child.kill() })
    })
    child.on('exit', (code) => reject(new Error(`preview exited (${code}): ${output}`)))
  })
}

/** An unknown URL: the preview answers it with 404.html and status 404. */
export const notFoundPath = 'no-such-page/'

/** The blog's own folders (RESERVED_BLOG_FOLDERS in pages/_lib/urls/urls.ts): never a post. */
const BLOG_FOLDERS = new Set(['page', 'tags', 'authors', 'search'])

/** Whether blog/<name>/ of a built site is a post's page. */
export const isPostFolder = (dist, name) => !BLOG_FOLDERS.has(name) && existsSync(join(dist, 'blog', name, 'index.html'))

/** The measured pages as paths below the site's root: the marketing pages, the blog, one post, one tag's page and an unknown URL (the 404 page). */
export function pagesToMeasure(dist) {
  const post = readdirSync(join(dist, 'blog')).find((name) => isPostFolder(dist, name))
  const tagsDir = join(dist, 'blog', 'tags')
  const tag = existsSync(tagsDir) ? readdirSync(tagsDir).find((name) => existsSync(join(tagsDir, name, 'index.html'))) : undefined
  return ['', 'pricing/', 'privacy-policy/', 'terms-of-service/', notFoundPath, 'blog/', `blog/${post}/`, ...(tag ? [`blog/tags/${tag}/`] : [])]
}
