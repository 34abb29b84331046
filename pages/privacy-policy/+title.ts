// https://vike.dev/title
import config from 'virtual:kube-site/config'

export default `${config.legal.privacyPolicy.title} | ${config.brand.name}`
