/** Why the CLI compiled into `outDir` is to be compiled again for the checkout at `toolRoot`; none while it may be run. */
export function compiledCliStale(outDir: string, entry: string, toolRoot: string): string | undefined
/** The record compiledCliStale reads of a compile: each of its `files` with its size and time. */
export function compiledCliInputs(files: string[]): string
