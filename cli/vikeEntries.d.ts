/** See vikeEntries.js. */
export declare const VIKE_ENTRIES: Readonly<Record<string, string>>
export declare const SASS_ENTRY: Readonly<Record<string, string>>
