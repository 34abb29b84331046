// https://vike.dev/title
import config from 'virtual:kube-site/config'

export default `${config.brand.name}: ${config.hero.title}`
