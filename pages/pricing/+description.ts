// https://vike.dev/description
import { pricing } from 'virtual:kube-site/config'

export default pricing.description
