// https://vike.dev/data
import type { LegalData } from '../_lib/pageData.ts'
import { ROUTES } from '../_lib/routes.ts'
import { getSiteContent } from '../_server/getSiteContent.server.ts'

export default (): LegalData => ROUTES.termsOfService.data(getSiteContent())
