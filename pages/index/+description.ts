// https://vike.dev/description
import config from 'virtual:kube-site/config'

export default config.site.description
