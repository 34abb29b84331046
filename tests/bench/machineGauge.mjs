// How fast this machine is at the three things a build and the suite spend on: a core's
// compute, a first touch of memory (a page fault) and a system call. Machines of one kind have
// differed threefold from one day to another; print this beside a figure that is compared with an
// older one. Run it alone: `node tests/bench/machineGauge.mjs [runs]` (3 by default).
import { closeSync, fstatSync, openSync } from 'node:fs'

const PAGE = 4096
const MEMORY = 256 << 20
const runs = Number(process.argv[2] ?? 3)

function milliseconds(work) {
  const start = process.hrtime.bigint()
  const result = work()
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result }
}

// One dependent chain of integer multiplies and adds: about 4 cycles a turn on any x86-64 core.
function compute() {
  let x = 0
  for (let i = 0; i < 3e8; i++) x = (x * 31 + i) | 0
  return x
}

// Fresh memory from the kernel (allocUnsafeSlow: not from Node's pool, not zeroed by Node), one
// byte written on each page, so that each page is one fault.
function touch() {
  const buffer = Buffer.allocUnsafeSlow(MEMORY)
  for (let offset = 0; offset < MEMORY; offset += PAGE) buffer[offset] = 1
  return buffer.length
}

function systemCalls(count) {
  const fd = openSync(import.meta.filename, 'r')
  for (let i = 0; i < count; i++) fstatSync(fd)
  closeSync(fd)
  return count
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]
const computeMs = []
const faultUs = []
const callUs = []
compute() // optimised before it is timed
for (let run = 0; run < runs; run++) {
  computeMs.push(milliseconds(compute).ms)
  faultUs.push((milliseconds(touch).ms * 1000) / (MEMORY / PAGE))
  callUs.push((milliseconds(() => systemCalls(200_000)).ms * 1000) / 200_000)
}
const list = (values, digits) => values.map((value) => value.toFixed(digits)).join(', ')
console.log(`compute, 3e8 dependent multiply-adds: ${list(computeMs, 0)} ms (median ${median(computeMs).toFixed(0)})`)
console.log(`first touch of a 4 KiB page (a fault): ${list(faultUs, 2)} µs (median ${median(faultUs).toFixed(2)})`)
console.log(`fstat from JavaScript (a system call): ${list(callUs, 2)} µs (median ${median(callUs).toFixed(2)})`)
