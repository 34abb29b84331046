// What of the environment the site's code can read as it is bundled, decided once: vite's config takes its envPrefix from here, and the fingerprint's `env`
// input (the bundle's key, the pages') hashes the variables it names, so a variable the bundle can read is never left out of its key.

/** The prefixes of the variables the site's code reads as `import.meta.env.NAME`: vite's `VITE_` and vike's `PUBLIC_ENV__` (vike replaces those too). */
export const ENV_PREFIXES = ['VITE_', 'PUBLIC_ENV__']

/**
 * Variables vike lets the browser read without a prefix (PUBLIC_ENV_ALLOWLIST, private: privateApis.test.ts fails on an upgrade that changes
 * it). Whole names: as prefixes in vite's envPrefix they would expose DEBUG_… too.
 */
const VIKE_PUBLIC_NAMES = ['STORYBOOK', 'DEBUG']

/**
 * Whether the bundle can read the variable `name`. Not vike's BASE_SERVER and BASE_ASSETS, set from the base (an input of its own) before vite
 * reads them. vike replaces any variable in server code too; bundleEnv.test.ts holds pages/ to reading none but these.
 */
export const seenByBundle = (name: string): boolean => ENV_PREFIXES.some((prefix) => name.startsWith(prefix)) || VIKE_PUBLIC_NAMES.includes(name)
