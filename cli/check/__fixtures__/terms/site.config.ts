// The real site with profiles of its blog's authors: one matches a post's author, one is
// mistyped ('Maya Chan' for Maya Chen), one writes no post (termFindings.test.ts). In one language:
// what a German locale's copy leaves to English is copyFindings.test.ts's.
import site from '../../../../site.config.ts'

export default {
  ...site,
  authors: {
    'Priya Raman': { role: 'Staff Engineer' },
    'Maya Chan': { role: 'Principal Engineer' },
    'Ghost Writer': { bio: 'Writes nothing yet.' },
  },
  locales: [],
}
