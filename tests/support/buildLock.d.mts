/** Waits for the build lock of the tool at `tool` (tests/support/buildLock.mjs); gives its release. */
export function holdBuildLock(tool: string): Promise<() => void>
