import { setFlagsFromString } from 'node:v8'

let small = false

/**
 * Keeps the heap within 1.5 times what survived its last full collection, from now on: V8 allows four
 * times, and a large build's steady garbage grew it to three (1.5 kept a 4,000-post clean build at 0.8
 * GB, not 1, as fast). Read at each collection, shared by threads. Called once a build knows it has much
 * to make; a small rebuild keeps V8's growth (1.5 cost it 0.2 s of full collections).
 */
export function keepHeapSmall(): void {
  if (small) return
  setFlagsFromString('--heap-growing-percent=50')
  small = true
}
