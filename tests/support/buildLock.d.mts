/** Waits for the build lock of the tool at `tool` (tests/support/buildLock.mjs); gives its release. */
export function holdBuildLock(tool: string): Promise<() => void>
/** Waits for the lock folder `lock` (its holder's process id inside; one whose holder died is taken over); gives its release. */
export function holdLock(lock: string): Promise<() => void>
