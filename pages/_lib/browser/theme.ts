export type Theme = 'light' | 'dark'

/** The theme a first visit gets: dark (system detection is off, SPEC §4). */
export const DEFAULT_THEME: Theme = 'dark'

/** The local-storage key of the theme, derived from the brand: 'KubeGuard' → 'kubeguard-theme'. */
export function themeStorageKey(brand: string): string {
  const slug = brand.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
  return `${slug || 'site'}-theme`
}
