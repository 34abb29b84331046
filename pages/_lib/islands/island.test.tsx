import { readdirSync } from 'node:fs'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { island, serializeIslandProps } from './island.tsx'
import { PagePathContext } from '../urls/pagePath.ts'

// The interface strings (siteText.ts) come from the config module: English here.
vi.mock('virtual:kube-site/config', async () => (await import('../../../cli/generator/bundle/configExports.ts')).configExports({ site: { language: 'en' } } as never))

describe('island', () => {
  const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>
  const GreetingIsland = island('Greeting', Greeting, 'idle')

  it('renders the component inside a <kube-island> with its name, when it wakes, the page path and its props', () => {
    const html = renderToString(
      <PagePathContext value="/pricing/">
        <GreetingIsland name="Ada" />
      </PagePathContext>,
    )
    expect(html).toBe('<script type="application/json">{"name":"Ada"}</script><kube-island data-name="Greeting" data-hydrate="idle" data-path="/pricing/"><p>Hello <!-- -->Ada</p></kube-island>')
  })

  it('escapes < in its props, so no text of theirs can end the script', () => {
    const html = renderToString(<GreetingIsland name="</script><script>alert(1)</script>" />)
    expect(html).toContain('{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script><kube-island')
    expect(JSON.parse(html.slice(html.indexOf('>') + 1, html.indexOf('</script>')))).toEqual({ name: '</script><script>alert(1)</script>' })
  })

  it('is its component alone on the blog, which vike hydrates whole: no element, no props', () => {
    const html = renderToString(
      <PagePathContext value="/blog/a-post/">
        <GreetingIsland name="Ada" />
      </PagePathContext>,
    )
    expect(html).toBe('<p>Hello <!-- -->Ada</p>')
  })

  it('still refuses props that are not plain data on the blog', () => {
    const Broken = island('Broken', (_: { onClick: () => void }) => <p />, 'idle')
    expect(() =>
      renderToString(
        <PagePathContext value="/blog/">
          <Broken onClick={() => {}} />
        </PagePathContext>,
      ),
    ).toThrow(/Island Broken: props.onClick is a function/)
  })

  it('renders an island inside another inline: the outer one hydrates it', () => {
    const Outer = island('Outer', () => <GreetingIsland name="Grace" />, 'load')
    const html = renderToString(<Outer />)
    expect(html.match(/<kube-island/g)).toHaveLength(1)
    expect(html).toContain('<p>Hello <!-- -->Grace</p>')
  })
})

describe('serializeIslandProps', () => {
  it('takes plain data', () => {
    const props = { label: 'Platform', count: 2, open: false, nothing: null, items: [{ href: '#a', tags: ['x'] }] }
    expect(JSON.parse(serializeIslandProps('Menu', props))).toEqual(props)
  })

  it.each([
    [{ onClick: () => {} }, 'props.onClick is a function'],
    [{ items: [{ when: new Date(0) }] }, 'props.items[0].when is an instance of Date'],
    [{ icon: <svg /> }, 'props.icon is a React element'],
    [{ ratio: Number.NaN }, 'props.ratio is NaN'],
    [{ big: 1n }, 'props.big is a bigint'],
    [{ lookup: new Map() }, 'props.lookup is an instance of Map'],
  ])('fails the build on a prop JSON cannot carry, naming the island and the prop (%#)', (props, message) => {
    expect(() => serializeIslandProps('Menu', props)).toThrow(`Island Menu: ${message}. An island's props are serialized into the HTML for hydration, so they must be plain data`)
  })
})

describe('pages/_islands/', () => {
  const dir = new URL('../../_islands/', import.meta.url)
  const files = readdirSync(dir).filter((file) => file.endsWith('.tsx'))

  it.each(files)('%s default-exports an island named after the file', async (file) => {
    const module = (await import(new URL(file, dir).href)) as { default: { islandName?: string; hydrate?: string } }
    expect(module.default.islandName).toBe(file.replace(/\.tsx$/, ''))
    expect(['load', 'idle', 'visible']).toContain(module.default.hydrate)
  })
})
