// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import type { LegalData } from '../_lib/pageData.ts'
import { ROUTES } from '../_lib/urls/routes.ts'
import { pageContent } from '../_server/pageContent.server.ts'

export default (pageContext: PageContextServer): LegalData => ROUTES.termsOfService.data(pageContent(pageContext))
