// Plain JavaScript: cli/bin.js reads it (through compileCli.js) at every start, and a TypeScript
// file there would load Node's type stripper, which took a one-post rebuild of 100 posts 11 MB
// and about 3 % of CPU more.

/**
 * The entry points of vike that run beside the compiled CLI's own copy of it, each compiled into a
 * file of its own (`vikeServer.mjs`…): the server bundle's entry's `vike/__internal`; vike-react's
 * `vike/server` and `vike/getPageContext`; the pages' `vike/abort` and `vike/client/router`.
 * cli/compiledVike.ts hands them to Node's imports of vike.
 */
export const VIKE_ENTRIES = {
  vikeInternal: 'vike/__internal',
  vikeServer: 'vike/server',
  vikeGetPageContext: 'vike/getPageContext',
  vikeAbort: 'vike/abort',
  vikeClientRouter: 'vike/client/router',
}
