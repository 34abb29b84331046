// https://vike.dev/description
import { site } from 'virtual:kube-site/config'

export default site.description
