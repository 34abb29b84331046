// https://vike.dev/title
import { brand, hero } from 'virtual:kube-site/config'

export default `${brand.name}: ${hero.title}`
