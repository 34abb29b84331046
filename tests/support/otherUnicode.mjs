// Preloaded into a CLI run (`NODE_OPTIONS=--import <this file>`) by a test that stands for another
// runtime, as a Node built against the system's ICU is: the same Node, another ICU and Unicode
// version, and so other line breaks and scripts for the same text. There is no second Node 26 on
// the machine to run, and what the process reports is all the caches know a runtime by
// (runtimeVersion in cli/toolRoot.ts), so this changes that and nothing else.
Object.defineProperty(process.versions, 'unicode', { value: `${process.versions.unicode}-other`, enumerable: true })
