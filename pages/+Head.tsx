// https://vike.dev/Head
import { SeoTags } from './_components/SeoTags.tsx'
import { EarlyScript } from './_components/EarlyScript.tsx'
import { withBase } from './_lib/href.ts'

export default function Head() {
  return (
    <>
      <EarlyScript />
      <meta name="color-scheme" content="dark light" />
      <link rel="icon" type="image/svg+xml" href={withBase('/favicon.svg')} />
      <SeoTags />
    </>
  )
}
