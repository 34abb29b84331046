// https://vike.dev/title
import config from 'virtual:kube-site/config'

export default `Pricing | ${config.brand.name}`
