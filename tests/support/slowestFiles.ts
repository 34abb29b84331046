import type { Reporter, TestModule } from 'vitest/node'

/** How many files the run names. */
const SHOWN = 10

/** A file's whole time in its worker: its environment, its imports, its hooks and its tests. */
export const fileSeconds = (module: TestModule): number => {
  const { environmentSetupDuration, prepareDuration, collectDuration, setupDuration, duration } = module.diagnostic()
  return (environmentSetupDuration + prepareDuration + collectDuration + setupDuration + duration) / 1000
}

/**
 * Prints the run's slowest files after vitest's summary: what a new test costs shows where the
 * suite's ten minutes go (tests/README.md says what each tier may cost).
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length === 0) return
    const rows = modules
      .map((module) => ({ module, seconds: fileSeconds(module) }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SHOWN)
    const width = Math.max(...rows.map(({ module }) => module.relativeModuleId.length))
    const lines = rows.map(({ module, seconds }) => {
      const tests = [...module.children.allTests()].length
      return `  ${seconds.toFixed(1).padStart(6)} s  ${module.relativeModuleId.padEnd(width)}  ${module.project.name}, ${tests} test${tests === 1 ? '' : 's'}`
    })
    console.log(`\nThe ${rows.length} slowest files (each file's time in its worker):\n${lines.join('\n')}\n`)
  }
}
