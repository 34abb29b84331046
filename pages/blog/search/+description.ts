// https://vike.dev/description
import { brand } from 'virtual:kube-site/config'
import { BLOG_TEXT } from '../../_lib/siteText.ts'

export default () => BLOG_TEXT.search.description(brand.name)
