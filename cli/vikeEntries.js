// Plain JavaScript: cli/bin.js reads it at every start, where TypeScript would load Node's type stripper (11 MB, ~3 % CPU more).

/** vike's entries that run beside the compiled CLI's copy, each compiled to a file of its own, which cli/compiledVike.ts hands to Node's imports of vike. */
export const VIKE_ENTRIES = { vikeInternal: 'vike/__internal', vikeServer: 'vike/server', vikeGetPageContext: 'vike/getPageContext', vikeAbort: 'vike/abort', vikeClientRouter: 'vike/client/router' }

/**
 * The Sass compiler's JavaScript (sass-embedded, with rxjs and @bufbuild/protobuf: 350 files), compiled to one file, which
 * cli/compiledVike.ts hands to vite's import of it: Node's loader took about 0.1 s of the bundle's thread more for the files.
 */
export const SASS_ENTRY = { sassEmbedded: 'sass-embedded' }
