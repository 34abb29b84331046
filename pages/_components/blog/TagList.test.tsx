import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { TagList } from './TagList.tsx'

// The interface strings (siteText.ts) come from the config module: English here.
vi.mock('virtual:kube-site/config', async () => (await import('../../../cli/generator/bundle/configExports.ts')).configExports({ site: { language: 'en' } } as never))

// Each badge as a reader meets it: its text, and where it leads ('-' when it is no link).
function badges(tags: string[]): string[] {
  const html = renderToStaticMarkup(<TagList tags={tags} />)
  return [...html.matchAll(/<li>([\s\S]*?)<\/li>/g)].map(([, item]) => {
    const href = /href="([^"]+)"/.exec(item!)?.[1] ?? '-'
    return `${item!.replace(/<[^>]+>/g, '')} ${href}`
  })
}

describe('TagList', () => {
  it('links each badge to its tag page, whose URL ignores case, spaces and punctuation', () => {
    expect(badges(['Network Security', 'rbac'])).toEqual(['Network Security /blog/tags/network-security/', 'rbac /blog/tags/rbac/'])
  })

  it('shows one badge per tag page: the first spelling a post gives', () => {
    expect(badges(['RBAC', 'audit', 'rbac', 'RBAC'])).toEqual(['RBAC /blog/tags/rbac/', 'audit /blog/tags/audit/'])
  })

  it('leaves a tag with no letter or digit to make a URL of as a plain badge, never a link to /blog/tags//', () => {
    expect(badges(['日本', 'kubernetes'])).toEqual(['日本 -', 'kubernetes /blog/tags/kubernetes/'])
  })

  it('renders nothing for a post without tags or status', () => {
    expect(renderToStaticMarkup(<TagList tags={[]} />)).toBe('')
  })
})
