// https://vike.dev/lang: every page's <html lang>, the config's site.language (vike-react's default is 'en').
import { site } from 'virtual:kube-site/config'

export default site.language
