// Counts how often this module is evaluated, in the process.
const store = globalThis as { importFreshEvaluations?: number }
store.importFreshEvaluations = (store.importFreshEvaluations ?? 0) + 1
export const evaluations: number = store.importFreshEvaluations
