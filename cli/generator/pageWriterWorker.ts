// The page writer thread: writes the files the prerender hands it (see pageWriter.ts).
import { parentPort } from 'node:worker_threads'
import { internalError } from '../errors.ts'
import { createDirectWriter, type WriterCommand, type WriterMessage } from './pageWriter.ts'

if (!parentPort) throw internalError('pageWriterWorker runs as a worker thread only')
const port = parentPort
const writer = createDirectWriter()
// Time spent writing, for `kube-site build --profile`.
let busyMs = 0
port.on('message', (command: WriterCommand) => {
  if ('close' in command) return port.postMessage({ closed: true, busyMs } satisfies WriterMessage)
  try {
    const start = performance.now()
    for (const [filePath, content] of command.files) writer.writeNow(filePath, content)
    busyMs += performance.now() - start
    port.postMessage({ written: command.chars } satisfies WriterMessage)
  } catch (error) {
    port.postMessage({ failed: (error as Error).message } satisfies WriterMessage)
  }
})
