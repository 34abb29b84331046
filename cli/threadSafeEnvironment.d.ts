/** Sets, before any thread starts, the environment variables libraries would otherwise add while threads run. */
export function settleEnvironment(toolRoot: string): void
