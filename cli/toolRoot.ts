import { fileURLToPath } from 'node:url'

/**
 * The folder holding pages/, styles/ and public/ (the site kube-site renders). The bin sets it,
 * since the compiled CLI runs from a cache folder; from source (tests) it is this file's parent.
 */
export const toolRoot = process.env.KUBE_SITE_TOOL_ROOT ?? fileURLToPath(new URL('..', import.meta.url))
