// https://vike.dev/Head
import { withBase } from './_lib/href.ts'

export default function Head() {
  return <link rel="icon" type="image/svg+xml" href={withBase('/favicon.svg')} />
}
