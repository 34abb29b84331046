// The page writer thread: writes the files the prerender hands it (see pageWriter.ts).
import { parentPort } from 'node:worker_threads'
import { internalError, toWire } from '../../errors.ts'
import { createDirectWriter, type WriterCommand, type WriterMessage, type WrittenPage } from './pageWriter.ts'

// It also secures each page before writing it (its policy, the check, integrity), on the core the prerender leaves mostly idle.
if (!parentPort) throw internalError('pageWriterWorker runs as a worker thread only')
const port = parentPort
let writer = createDirectWriter()
// Time spent securing and writing, for `kube-site build --profile`.
let busyMs = 0
port.on('message', (command: WriterCommand) => {
  if ('security' in command) return void (writer = createDirectWriter(command.security))
  if ('close' in command) return port.postMessage({ closed: true, busyMs } satisfies WriterMessage)
  try {
    const start = performance.now()
    const pages: [string, WrittenPage][] = []
    for (const file of command.files) {
      const page = writer.writeNow(...file)
      if (page) pages.push([file[0], page])
    }
    busyMs += performance.now() - start
    port.postMessage({ written: command.chars, pages } satisfies WriterMessage)
  } catch (error) {
    port.postMessage({ failed: toWire(error) } satisfies WriterMessage)
  }
})
