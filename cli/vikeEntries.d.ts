/** See vikeEntries.js. */
export declare const VIKE_ENTRIES: Readonly<Record<string, string>>
