/** Every string value of the config at any depth, in order: what the build derives from the files and hosts the config names (pictures, policies) is read from these. */
export function configStrings(config: object): string[] {
  return configStringEntries(config).map(({ value }) => value)
}

/** Every string value of the config with its path (['hero', 'video', 'src']), for a problem to name its line. */
export function configStringEntries(config: object): { path: (string | number)[]; value: string }[] {
  const entries: { path: (string | number)[]; value: string }[] = []
  const walk = (value: unknown, path: (string | number)[]) => {
    if (typeof value === 'string') entries.push({ path, value })
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]))
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, [...path, key])
  }
  walk(config, [])
  return entries
}
