// https://vike.dev/Page
import { Pricing } from '../index/sections/Pricing.tsx'

/** /pricing/: the home page's pricing section as a page, under the h1 'Choose Your Security Plan'. */
export default function Page() {
  return <Pricing asPage />
}
