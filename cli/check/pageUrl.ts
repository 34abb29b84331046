/** The URL a file is served at: '/blog/index.html' → '/docs/blog/'. */
export function pageUrl(key: string, base: string): string {
  const path = key.endsWith('/index.html') ? key.slice(0, -'index.html'.length) : key
  return `${base}${path.slice(1)}`
}

