// The real site with one author described in config.authors (and the others not), and tag pages
// of two posts, for the tag and author pages' browser tests.
import site from '../../../site.config.ts'

export default {
  ...site,
  // Two posts a page on a tag's and an author's list as on the blog's (the default is 12), so the
  // fixture's tags of three posts have a page 2.
  blog: { ...site.blog, tagPageSize: 2 },
  authors: {
    // Written with another case and spacing than the posts' 'Priya Raman': the entry still applies.
    'priya  raman': {
      role: 'Staff Engineer, Platform Security',
      avatar: '/images/hero-poster.svg',
      bio: 'Priya writes the runtime detection rules and reads more audit logs than anyone should.',
      links: [
        { label: 'GitHub', href: 'https://github.com/priya-raman' },
        { label: 'Talks', href: '/pricing/' },
      ],
    },
  },
}
