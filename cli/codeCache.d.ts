/** Sets a V8 flag for the whole process, as the code cache needs to know. */
export function setV8Flag(flag: string): void
/** From now on, this thread compiles the CommonJS modules of node_modules/ with the code cached under `dir`. */
export function useCodeCache(dir: string): void
/** How many modules this thread compiled with cached code, and how many it made code for. */
export function codeCacheStats(): { used: number; made: number }
