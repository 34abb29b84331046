// Types of `virtual:kube-site/early-script` (mapped in tsconfig.json's paths): the inline script of
// every page, pages/_lib/islands/earlyScript.ts compiled by the kube-site vite plugin.
declare const script: string
export default script
