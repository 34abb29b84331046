import config from 'virtual:kube-site/config'
import { linkProps, withBase } from '../_lib/href.ts'

/** The fixed site header: brand, platform entries, section links, Sign In. */
export function Header() {
  const { brand, nav } = config
  return (
    <header className="site-header">
      <a className="site-header__brand" href={withBase('/#hero')}>
        {brand.name}
      </a>
      <nav aria-label="Main">
        <ul>
          {nav.platform.map((item) => (
            <li key={item.href}>
              <a {...linkProps(item.href.startsWith('#') ? `/${item.href}` : item.href)}>{item.label}</a>
            </li>
          ))}
          {nav.links.map((item) => (
            <li key={item.href}>
              <a {...linkProps(item.href.startsWith('#') ? `/${item.href}` : item.href)}>{item.label}</a>
            </li>
          ))}
          <li>
            <a {...linkProps(nav.signIn.href)}>{nav.signIn.label}</a>
          </li>
        </ul>
      </nav>
    </header>
  )
}
