// How a path into the site config is written in messages, as a writer would type it: hero.title,
// pricing.plans[0].features[2], and a key that is not a name quoted: redirects['/old/'],
// authors['Maya Chen'].role. One rule for the config's errors and check's findings.

/** A config path as written. */
export const configPathText = (path: readonly PropertyKey[]): string =>
  path
    .map((key) => (typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(String(key)) ? `.${String(key)}` : `['${String(key)}']`))
    .join('')
    .replace(/^\./, '')
