// Everything a marketer changes on the site. Field names, meanings and defaults show in your
// editor (hover a key) and in README.md; `kube-site build` validates this file and names the
// field and line of any mistake.
import { defineSiteConfig } from './cli/content/defineSiteConfig.ts'

const links = {
  register: 'https://app.kubeguard.dev/register',
  login: 'https://app.kubeguard.dev/login',
  docs: 'https://docs.kubeguard.dev/quickstart',
  demo: 'https://cal.com/kubeguard/30min',
  github: 'https://github.com/kubeguard/kubeguard-operator',
  trustCenter: 'https://trust.kubeguard.dev',
}

const platform = [
  { label: 'Risk Assessment', description: 'AI agent swarms for autonomous vulnerability discovery', href: '#security-assessment' },
  { label: 'Network Security', description: 'AI network policy analysis and recommendation', href: '#network-security' },
  { label: 'Conversational Kubernetes Intelligence', description: 'Ask anything about every cluster, in plain language', href: '#ai-intelligence' },
  { label: 'Topology Map', description: 'Visualise the whole environment with AI-powered classification', href: '#topology-map' },
]

const image = (name: string, alt: string, width = 1200, height = 750) => ({
  light: `/images/sections/${name}-light.svg`,
  dark: `/images/sections/${name}-dark.svg`,
  alt,
  width,
  height,
})

export default defineSiteConfig({
  brand: {
    name: 'KubeGuard',
    logo: { light: '/brand/logo-light.svg', dark: '/brand/logo-dark.svg' },
  },
  site: {
    url: 'https://kubeguard.dev',
    description:
      'KubeGuard secures Kubernetes with AI agents that identify, explain and resolve risks autonomously: read-only risk assessments, least-privilege network policies, conversational cluster intelligence and a topology map of every cluster.',
    twitter: '@kubeguard',
  },
  links: {
    ...links,
    socials: [
      { label: 'GitHub', href: 'https://github.com/kubeguard', icon: 'github' },
      { label: 'LinkedIn', href: 'https://www.linkedin.com/company/kubeguard', icon: 'linkedin' },
    ],
  },
  nav: {
    platform,
    links: [
      { label: 'Architecture', href: '#architecture' },
      { label: 'Pricing', href: '#pricing' },
      { label: 'Contact', href: '#contact' },
      { label: 'Blog', href: '/blog/' },
      { label: 'Docs', href: links.docs },
    ],
    signIn: { label: 'Sign In', href: links.login },
  },
  hero: {
    badge: 'Backed by Y Combinator',
    title: 'Kubernetes Security, Reimagined',
    tagline: 'AI agents that identify, explain and resolve risks in your clusters autonomously, with a human approving every change.',
    primaryCta: { label: 'Get Started', href: links.register },
    secondaryCta: { label: 'Book a Demo', href: links.demo },
    video: {
      src: 'https://storage.googleapis.com/kubeguard-public/media/kubeguard-demo.mp4',
      poster: '/images/hero-poster.svg',
      title: 'KubeGuard product demo: an AI risk assessment, a generated network policy and a chat-driven fix',
    },
  },
  riskAssessment: {
    eyebrow: 'Risk Assessment',
    title: 'Swarms of AI agents assess every cluster, read-only',
    description:
      'Specialised agents examine workloads, RBAC, images and network exposure in parallel, then hand you one report with the remediation steps and the exact YAML changes.',
    slides: [
      {
        title: 'Risk assessment report',
        description: 'Every finding ranked by exploitability and blast radius, with the evidence the agents collected.',
        image: image('risk-report', 'A risk assessment report listing findings by severity'),
      },
      {
        title: 'AI vulnerability discovery',
        description: 'Agents chain misconfigurations together the way an attacker would, to find the paths that matter.',
        image: image('vulnerability-discovery', 'An attack path from an exposed service to a privileged service account'),
      },
      {
        title: 'Automated exact remediations',
        description: 'Each finding comes with the precise YAML patch that fixes it, ready to review and apply.',
        image: image('remediation', 'A YAML diff adding a securityContext to a deployment'),
      },
      {
        title: 'Agent chain of thought',
        description: 'See how each agent reached its conclusion, step by step, so every recommendation can be audited.',
        image: image('chain-of-thought', 'The reasoning steps of an agent investigating a finding'),
      },
    ],
  },
  networkSecurity: {
    eyebrow: 'Network Security',
    title: 'Least-privilege network policies, generated from real traffic',
    description:
      'Agents analyse the traffic between your workloads and generate network policies that allow exactly what is used, for Cilium at L3/L4 and Istio at L7.',
    features: [
      { icon: 'network', title: 'Traffic analysis', description: 'Observed flows between pods, namespaces and external endpoints become a map of what each workload really needs.' },
      { icon: 'lock', title: 'Policy generation', description: 'Least-privilege policies are written for you, with a default deny and one explained rule per allowed flow.' },
      { icon: 'eye', title: 'Traffic simulation graph', description: 'Replay traffic against a policy before it ships: allowed edges show in green, blocked edges in red.' },
    ],
    image: image('network-graph', 'A traffic simulation graph with allowed edges in green and blocked edges in red'),
  },
  aiIntelligence: {
    eyebrow: 'Conversational Kubernetes Intelligence',
    title: 'Investigate any Kubernetes issue in plain language',
    description:
      'Ask why a pod is crash-looping or who can read a secret, across all your clusters. Proposed YAML changes are reviewed and approved by a human, then deployed directly or opened as a pull request on your GitOps repository.',
    features: [
      { icon: 'chat', title: 'Natural-language chat', description: 'One conversation reaches every cluster you connect, with answers grounded in live cluster state.' },
      { icon: 'check', title: 'Human approval first', description: 'Nothing changes until a person reviews the exact YAML and approves it.' },
      { icon: 'git', title: 'Deploy or open a pull request', description: 'Apply an approved change to the cluster, or send it to your GitOps repository as a pull request.' },
    ],
    image: image('chat', 'A chat asking which workloads can reach the payments database, with a proposed policy'),
  },
  topologyMap: {
    eyebrow: 'Topology Map',
    title: 'One map of every cluster',
    description:
      'See all clusters, namespaces and workloads in one place, classified by AI by what each application does. Click any node for its metadata, policies and vulnerabilities.',
    features: [
      { icon: 'map', title: 'All clusters, one view', description: 'EKS, AKS, GKE, DOKS and on-premise clusters on a single map.' },
      { icon: 'cpu', title: 'AI application classification', description: 'Workloads are grouped by role: databases, queues, gateways, batch jobs and more.' },
      { icon: 'layers', title: 'Details on click', description: 'Every node opens its metadata, the policies that apply to it and its known vulnerabilities.' },
    ],
    image: image('topology', 'A topology map of two clusters with workloads grouped by classification'),
  },
  getStarted: {
    eyebrow: 'Onboarding',
    title: 'Get started in seconds',
    description: 'One Helm install of the read-only, open-source operator connects a cluster. No agents on nodes, no write permissions.',
    command: [
      'helm install kubeguard-operator oci://ghcr.io/kubeguard/charts/kubeguard-operator \\',
      '  --version <CHART_VERSION> \\',
      '  --namespace <NAMESPACE> --create-namespace \\',
      '  -f <CREDENTIALS_VALUES_FILE>.yaml',
    ].join('\n'),
    installTime: 'under 30 seconds',
    platforms: ['AWS EKS', 'Azure AKS', 'Google GKE', 'DigitalOcean DOKS', 'On-premise'],
    networkLayers: [
      { name: 'Cilium', layer: 'L3/L4' },
      { name: 'Istio', layer: 'L7' },
    ],
  },
  architecture: {
    eyebrow: 'Architecture',
    title: 'Read-only by design',
    description: 'A small open-source operator in your cluster, the AI agents in our platform, and you in control of every change.',
    items: [
      { icon: 'server', title: 'Read-only operator', description: 'An open-source operator with read-only RBAC streams cluster metadata. It cannot change anything.' },
      { icon: 'cpu', title: 'AI agent swarms', description: 'Specialised agents analyse workloads, RBAC, images and traffic in parallel, in isolated environments.' },
      { icon: 'check', title: 'Human approval', description: 'Every proposed change waits for a person to review and approve it before it reaches a cluster.' },
      { icon: 'git', title: 'GitOps delivery', description: 'Approved changes are applied directly or opened as pull requests on your GitOps repository.' },
      { icon: 'lock', title: 'No secrets leave the cluster', description: 'Secret values are never read; only metadata and resource specs are analysed.' },
    ],
  },
  pricing: {
    eyebrow: 'Pricing',
    title: 'Simple, transparent pricing',
    description: 'Start with one cluster and grow. Every plan includes the full AI platform.',
    plans: [
      {
        name: 'Starter',
        price: '$300',
        period: '/month',
        description: 'For a team securing its first production cluster.',
        features: ['1 cluster', '30 workload limit', '3 daily risk assessments'],
        cta: 'Get Started',
        popular: false,
        href: links.register,
      },
      {
        name: 'Growth',
        price: 'Custom',
        description: 'For platform teams running several clusters.',
        features: ['Up to 5 clusters', '50 workloads per cluster', '18 daily risk assessments', 'Priority support'],
        cta: 'Contact Sales',
        popular: true,
        href: '#contact',
      },
      {
        name: 'Enterprise',
        price: 'Custom',
        description: 'For organisations with fleets and compliance needs.',
        features: ['Unlimited clusters, assessments and workloads', 'Dedicated support', 'On-premise deployment', 'SLA guarantees'],
        cta: 'Contact Sales',
        popular: false,
        href: '#contact',
      },
    ],
    workloadDefinition: 'A workload is a deployment, statefulset, daemonset, job or cronjob. Pods and replicasets are not counted.',
    includedInAll: ['AI agents for risk assessments', 'Natural-language chat', 'Network policy generation', 'Topology map'],
  },
  contact: {
    eyebrow: 'Contact',
    title: 'Talk to us',
    description: 'Questions about the platform, a pilot or a security review? We answer within one business day.',
    email: 'hello@kubeguard.dev',
  },
  footer: {
    columns: [
      { title: 'Platform', links: platform.map(({ label, href }) => ({ label, href })) },
      {
        title: 'Resources',
        links: [
          { label: 'Blog', href: '/blog/' },
          { label: 'Trust Center', href: links.trustCenter },
        ],
      },
      {
        title: 'Legal',
        links: [
          { label: 'Privacy Policy', href: '/privacy-policy/' },
          { label: 'Terms of Service', href: '/terms-of-service/' },
        ],
      },
    ],
  },
  legal: {
    privacyPolicy: {
      title: 'Privacy Policy',
      pdf: '/uploads/privacy-policy.pdf',
      updated: '2025-06-01',
      description: 'How KubeGuard collects, uses and protects data from the website, the platform and the in-cluster operator.',
    },
    termsOfService: {
      title: 'Terms of Service',
      pdf: '/uploads/terms-of-service.pdf',
      updated: '2025-06-01',
      description: 'The terms that govern the use of the KubeGuard platform, the operator and this website.',
    },
  },
  blog: {
    description: 'Field notes on Kubernetes security: network policies, RBAC, risk assessments and running AI agents against real clusters.',
    defaultAuthor: 'KubeGuard Team',
  },
})
