// https://vike.dev/title
import { legal, brand } from 'virtual:kube-site/config'

export default `${legal.privacyPolicy.title} | ${brand.name}`
