// https://vike.dev/Page
import { legal } from 'virtual:kube-site/config'
import { useData } from 'vike-react/useData'
import { LegalPage } from '../_components/LegalPage.tsx'
import type { LegalData } from '../_lib/pageData.ts'

export default function Page() {
  const { updated } = useData<LegalData>()
  return <LegalPage document={legal.privacyPolicy} updated={updated} />
}
