// A config path as messages write it, as typed: pricing.plans[0].features[2], a non-name key quoted: redirects['/old/']; one rule for errors and findings.

/** A config path as written. */
export const configPathText = (path: readonly PropertyKey[]): string =>
  path
    .map((key) => (typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(String(key)) ? `.${String(key)}` : `['${String(key)}']`))
    .join('')
    .replace(/^\./, '')
