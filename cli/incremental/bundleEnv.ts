// What of the environment the site's code can read as it is bundled, decided once: vite's config
// takes its envPrefix from here, and the fingerprint's `env` input (the bundle's key, the pages')
// hashes the variables it names, so a variable the bundle can read is never left out of its key.

/**
 * The prefixes of the variables the site's code reads as `import.meta.env.NAME`, in the browser's
 * code and the server's: vite's own `VITE_`, and vike's `PUBLIC_ENV__` (https://vike.dev/env),
 * which vike replaces itself too (pluginReplaceConstantsEnvVars.js); vite's config lists both.
 */
export const ENV_PREFIXES = ['VITE_', 'PUBLIC_ENV__']

/**
 * Variables vike lets the browser's code read without a prefix (PUBLIC_ENV_ALLOWLIST in
 * pluginReplaceConstantsEnvVars.js, private: generator/privateApis.test.ts fails on an upgrade
 * that changes it). Whole names: as prefixes in vite's envPrefix they would expose DEBUG_… too.
 */
const VIKE_PUBLIC_NAMES = ['STORYBOOK', 'DEBUG']

/**
 * Whether the bundle can read the variable `name`. Not vike's BASE_SERVER and BASE_ASSETS, which it
 * exposes too but sets itself from the base (an input of its own) before vite reads them. vike
 * also replaces any variable in server code; the site's reads none but these and vite's own
 * (bundleEnv.test.ts holds pages/ to that).
 */
export const seenByBundle = (name: string): boolean => ENV_PREFIXES.some((prefix) => name.startsWith(prefix)) || VIKE_PUBLIC_NAMES.includes(name)
