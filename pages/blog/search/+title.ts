// https://vike.dev/title
import { brand } from 'virtual:kube-site/config'
import { BLOG_TEXT } from '../../_lib/siteText.ts'

export default () => `${BLOG_TEXT.search.title} | ${brand.name}`
