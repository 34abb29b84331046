/** A PNG the weight of a real dashboard screenshot (see screenshot.mjs). */
export function makeScreenshot(options?: { width?: number; height?: number; seed?: number; noise?: number }): Promise<Buffer>
