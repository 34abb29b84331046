// The compiled CLI is run while every file its last compile read is as recorded (inputs.json, sameFile.js); plain JavaScript, for cli/bin.js.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { sameFile } from './sameFile.js'

/** Why the CLI compiled into `outDir` (its `entry`, inputs.json, version) is to be compiled again for the checkout at `toolRoot`; none while it may be run. */
export function compiledCliStale(outDir, entry, toolRoot) {
  if (![entry, 'inputs.json', 'version'].every((name) => existsSync(join(outDir, name)))) return 'not compiled yet'
  // A compile of another checkout that shares this node_modules (a worktree linked to it) is not this one's.
  const ours = join(toolRoot, '/')
  const changed = Object.entries(JSON.parse(readFileSync(join(outDir, 'inputs.json'), 'utf8'))).find(([file, recorded]) => !file.startsWith(ours) || !sameFile(recorded, statSync(file, { throwIfNoEntry: false })))
  return changed && (changed[0].startsWith(ours) ? `${relative(toolRoot, changed[0])} changed` : 'compiled for another checkout')
}

/** The record compiledCliStale reads of a compile: each of its `files` with its size and time. */
export const compiledCliInputs = (files) => JSON.stringify(Object.fromEntries(files.map((file) => [file, (({ size, mtimeMs }) => ({ size, mtimeMs }))(statSync(file))])))
