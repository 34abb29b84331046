// https://vike.dev/data
import { legalData } from '../_server/legalData.ts'

export default () => legalData('privacyPolicy')
