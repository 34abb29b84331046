/**
 * Maps items with an async function, at most `limit` at a time, keeping the order of the
 * results. After the first failure it starts no new item, lets those under way finish, then
 * throws that failure (so nothing is left running behind the caller's back).
 */
export async function mapConcurrent<T, R>(items: readonly T[], limit: number, map: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  let failure: { error: unknown } | undefined
  const worker = async () => {
    while (!failure && next < items.length) {
      const index = next++
      try {
        results[index] = await map(items[index]!, index)
      } catch (error) {
        failure ??= { error }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
  if (failure) throw failure.error
  return results
}
