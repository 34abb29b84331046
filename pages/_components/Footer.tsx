import config from 'virtual:kube-site/config'
import { linkProps } from '../_lib/href.ts'

/** The site footer: link columns, socials, status and copyright. */
export function Footer() {
  const { brand, footer, links } = config
  return (
    <footer className="site-footer">
      {footer.columns.map((column) => (
        <nav key={column.title} aria-label={column.title}>
          <h2>{column.title}</h2>
          <ul>
            {column.links.map((link) => (
              <li key={link.href}>
                <a {...linkProps(link.href.startsWith('#') ? `/${link.href}` : link.href)}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      ))}
      <ul aria-label="Social">
        {links.socials.map((social) => (
          <li key={social.href}>
            <a {...linkProps(social.href)}>{social.label}</a>
          </li>
        ))}
      </ul>
      <p>{footer.status}</p>
      <p>
        © {footer.copyrightYear} {brand.name}
      </p>
    </footer>
  )
}
