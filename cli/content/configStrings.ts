import type { SiteConfig } from './types.ts'

/**
 * Every string value of the config, at any depth (section copy, links, image and video paths),
 * in the order written. What the build derives from the files and hosts the config names (the
 * pictures of its images, the pages' Content-Security-Policy) is read from these.
 */
export function configStrings(config: SiteConfig | Record<string, unknown>): string[] {
  const strings: string[] = []
  const walk = (value: unknown) => {
    if (typeof value === 'string') strings.push(value)
    else if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  walk(config)
  return strings
}
