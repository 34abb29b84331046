// https://vike.dev/title
import config from 'virtual:kube-site/config'

export default `${config.legal.termsOfService.title} | ${config.brand.name}`
