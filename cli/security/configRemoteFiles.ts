import { configStringEntries } from '../content/config/configStrings.ts'
import { originSource } from './contentSecurityPolicy.ts'

// Which config strings name a file on another host a page loads: the schema refuses a host the policy cannot name, the policies
// stage adds the others. Plain data, not the config's type: the schema calls it on what it checks.

const MEDIA = /\.(?:mp4|m4v|webm|ogv|ogg|mov|mp3|m4a|wav|oga|flac|vtt|m3u8|mpd)$/i
const IMAGE = /\.(?:png|jpe?g|gif|webp|avif|svg|ico|bmp)$/i

/** A file the config names on another host, an image or a video or audio: where in the config, and which directive must allow it. */
export interface ConfigRemoteFile {
  path: (string | number)[]
  url: string
  directive: 'img-src' | 'media-src'
}

/** The remote images and media the config names (any string value that is a URL of such a file on another host), outside `security`. */
export function configRemoteFiles(config: object): ConfigRemoteFile[] {
  return configStringEntries({ ...config, security: undefined }).flatMap(({ path, value }) => {
    const file = value.split(/[?#]/)[0]!
    const directive = MEDIA.test(file) ? 'media-src' : IMAGE.test(file) ? 'img-src' : undefined
    return directive && originSource(value) ? [{ path, url: value, directive }] : []
  })
}
