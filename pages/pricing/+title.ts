// https://vike.dev/title
import { brand } from 'virtual:kube-site/config'

export default `Pricing | ${brand.name}`
