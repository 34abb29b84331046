// Plain JavaScript: cli/bin.js reads it at every start, where TypeScript would load Node's type stripper (11 MB, ~3 % CPU more).

/** vike's entries that run beside the compiled CLI's copy, each compiled to a file of its own, which cli/compiledVike.ts hands to Node's imports of vike. */
export const VIKE_ENTRIES = { vikeInternal: 'vike/__internal', vikeServer: 'vike/server', vikeGetPageContext: 'vike/getPageContext', vikeAbort: 'vike/abort', vikeClientRouter: 'vike/client/router' }
