// https://vike.dev/Page
import { legal as legalByLocale } from 'virtual:kube-site/config'
import { useLocalized } from '../_lib/locales/pageLocale.ts'
import { useData } from 'vike-react/useData'
import { LegalPage } from '../_components/marketing/LegalPage.tsx'
import type { LegalData } from '../_lib/pageData.ts'

export default function Page() {
  const legal = useLocalized(legalByLocale)
  const { updated } = useData<LegalData>()
  return <LegalPage document={legal.termsOfService} updated={updated} />
}
