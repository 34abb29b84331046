/** Compiles the CLI and its worker entries into `outDir`; returns the source files bundled. */
export function compileCli(outDir: string): Promise<string[]>
export const entryFiles: string[]
/** The sources of the CLI's own entries, relative to the tool root. */
export const cliSources: string[]
/** The rolldown plugin that keeps Babel, most of semver and source-map-support out of vike's build until a module needs them. */
export const loadOnlyWhenNeeded: { name: string; transform(code: string, id: string): string | undefined }
/** The rolldown plugin that makes vike's server runtime sweep its loop guard's trackers once a second, parse each URL and find each page entry's assets once, and copy a page context property by property. */
export const lighterPerPage: { name: string; transform(code: string, id: string): string | undefined }
