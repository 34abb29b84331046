// https://vike.dev/description
import { legal } from 'virtual:kube-site/config'

export default legal.privacyPolicy.description
