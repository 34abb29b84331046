// Everything a marketer changes on the site. Field names, meanings and defaults show in your
// editor (hover a key) and in README.md; `kube-site build` validates this file and names the
// field and line of any mistake.
import { defineSiteConfig } from './cli/content/config/defineSiteConfig.ts'

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

// A section's illustration in each theme (1200×750, the schema's default size).
const image = (name: string, alt: string) => ({ light: `/images/sections/${name}-light.svg`, dark: `/images/sections/${name}-dark.svg`, alt })

// The German copy of the site (locales below): the keys are the default's, arrays item by item in its
// order, each item only its text (hrefs, icons, image paths stay the default's); keys the default leaves
// at their schema default (nav.platformLabel, getStarted.*Label, pricing.pageTitle, contact.*Label,
// footer.status…) are given too. Left out as the same in every language: brand, links and socials;
// getStarted.command (copied as it is) and networkLayers (product names, OSI layers); contact.email;
// legal (the documents exist in English only; the German footer links to them under German labels).
// Kept in English inside the German text, as German writers on Kubernetes do: Kubernetes, Cluster,
// Workload, Namespace, Pod, Secret, Service-Account, RBAC, YAML, GitOps, Pull-Request, Helm, Operator,
// Default-Deny, Least-Privilege-Prinzip, the plan names and Trust Center. "Network policy" in general is
// "Netzwerkrichtlinie", Kubernetes' object "NetworkPolicy". Prices stay in US dollars, written the
// German way: the number, a no-break space, the sign (300 $).
const platformDe = [
  { label: 'Risikobewertung', description: 'KI-Agentenschwärme, die Schwachstellen selbstständig aufspüren' },
  { label: 'Netzwerksicherheit', description: 'KI-gestützte Analyse und Empfehlung von Netzwerkrichtlinien' },
  { label: 'Kubernetes-Intelligenz im Dialog', description: 'Fragen Sie alles über jeden Cluster – in natürlicher Sprache' },
  { label: 'Topologiekarte', description: 'Ihre gesamte Umgebung auf einen Blick, mit KI-gestützter Klassifizierung' },
]

const german = {
  site: {
    description: 'KubeGuard sichert Kubernetes mit KI-Agenten, die Risiken selbstständig erkennen, erklären und beheben: Risikobewertungen mit reinem Lesezugriff, Netzwerkrichtlinien nach dem Least-Privilege-Prinzip, Cluster-Analyse im Dialog und eine Topologiekarte aller Cluster.',
  },
  nav: {
    platformLabel: 'Plattform',
    platform: platformDe,
    links: [{ label: 'Architektur' }, { label: 'Preise' }, { label: 'Kontakt' }, { label: 'Blog' }, { label: 'Dokumentation' }],
    signIn: { label: 'Anmelden' },
  },
  hero: {
    badge: 'Unterstützt von Y Combinator',
    title: 'Kubernetes-Sicherheit, neu gedacht',
    tagline: 'KI-Agenten, die Risiken in Ihren Clustern selbstständig erkennen, erklären und beheben – und jede Änderung gibt ein Mensch frei.',
    primaryCta: { label: 'Jetzt starten' },
    secondaryCta: { label: 'Demo vereinbaren' },
    video: { poster: '/images/hero-poster.de.svg', title: 'KubeGuard-Produktdemo: eine KI-Risikobewertung, eine erzeugte Netzwerkrichtlinie und eine Korrektur per Chat' },
  },
  riskAssessment: {
    eyebrow: 'Risikobewertung',
    title: 'Schwärme von KI-Agenten bewerten jeden Cluster – mit reinem Lesezugriff',
    description: 'Spezialisierte Agenten untersuchen parallel Workloads, RBAC, Images und die Erreichbarkeit im Netzwerk. Danach erhalten Sie einen einzigen Bericht mit den Schritten zur Behebung und den exakten YAML-Änderungen.',
    slides: [
      { title: 'Bericht zur Risikobewertung', description: 'Jeder Befund, eingestuft nach Ausnutzbarkeit und Schadensradius, mit den Belegen, die die Agenten gesammelt haben.', image: { alt: 'Ein Bericht zur Risikobewertung, der die Befunde nach Schweregrad auflistet' } },
      { title: 'Schwachstellensuche mit KI', description: 'Die Agenten verketten Fehlkonfigurationen so, wie es ein Angreifer tun würde, und finden so die Angriffspfade, auf die es ankommt.', image: { alt: 'Ein Angriffspfad von einem öffentlich erreichbaren Service zu einem privilegierten Service-Account' } },
      { title: 'Exakte Korrekturen, automatisch erstellt', description: 'Zu jedem Befund gibt es den passenden YAML-Patch, der ihn behebt – bereit zur Prüfung und zum Einspielen.', image: { alt: 'Ein YAML-Diff, der einem Deployment einen securityContext hinzufügt' } },
      { title: 'Der Gedankengang der Agenten', description: 'Verfolgen Sie Schritt für Schritt, wie jeder Agent zu seinem Ergebnis gekommen ist, damit sich jede Empfehlung prüfen lässt.', image: { alt: 'Die Denkschritte eines Agenten, der einen Befund untersucht' } },
    ],
  },
  networkSecurity: {
    eyebrow: 'Netzwerksicherheit',
    title: 'Least-Privilege-Netzwerkrichtlinien aus echtem Datenverkehr',
    description: 'Agenten analysieren den Datenverkehr zwischen Ihren Workloads und erzeugen Netzwerkrichtlinien, die genau das erlauben, was tatsächlich genutzt wird – für Cilium auf L3/L4 und Istio auf L7.',
    features: [
      { title: 'Traffic-Analyse', description: 'Aus den beobachteten Verbindungen zwischen Pods, Namespaces und externen Endpunkten entsteht eine Karte dessen, was jeder Workload wirklich braucht.' },
      {
        title: 'Richtlinien, automatisch erzeugt',
        description: 'Die Richtlinien nach dem Least-Privilege-Prinzip schreiben die Agenten für Sie: mit Default-Deny und einer erklärten Regel pro erlaubter Verbindung.',
      },
      { title: 'Graph der Traffic-Simulation', description: 'Spielen Sie den Datenverkehr gegen eine Richtlinie ab, bevor sie live geht: Erlaubte Kanten erscheinen grün, blockierte rot.' },
    ],
    image: { alt: 'Ein Graph der Traffic-Simulation mit erlaubten Kanten in Grün und blockierten Kanten in Rot' },
  },
  aiIntelligence: {
    eyebrow: 'Kubernetes-Intelligenz im Dialog',
    title: 'Untersuchen Sie jedes Kubernetes-Problem in natürlicher Sprache',
    description: 'Fragen Sie, warum ein Pod immer wieder abstürzt oder wer ein Secret lesen kann – über alle Ihre Cluster hinweg. Vorgeschlagene YAML-Änderungen prüft und genehmigt ein Mensch; danach werden sie direkt ausgerollt oder als Pull-Request in Ihrem GitOps-Repository angelegt.',
    features: [
      { title: 'Chat in natürlicher Sprache', description: 'Ein einziger Chat erreicht alle angebundenen Cluster, und jede Antwort stützt sich auf deren aktuellen Zustand.' },
      { title: 'Zuerst die Freigabe', description: 'Nichts ändert sich, bevor eine Person das exakte YAML geprüft und freigegeben hat.' },
      { title: 'Ausrollen oder Pull-Request', description: 'Spielen Sie eine freigegebene Änderung direkt im Cluster ein, oder senden Sie sie als Pull-Request an Ihr GitOps-Repository.' },
    ],
    image: { alt: 'Ein Chat mit der Frage, welche Workloads die Zahlungsdatenbank erreichen können, samt vorgeschlagener Richtlinie' },
  },
  topologyMap: {
    eyebrow: 'Topologiekarte',
    title: 'Eine Karte für alle Cluster',
    description: 'Sehen Sie alle Cluster, Namespaces und Workloads an einem Ort, von KI danach klassifiziert, was jede Anwendung tut. Ein Klick auf einen Knoten zeigt seine Metadaten, Richtlinien und Schwachstellen.',
    features: [
      { title: 'Alle Cluster, eine Ansicht', description: 'EKS, AKS, GKE, DOKS und On-Premises-Cluster auf einer einzigen Karte.' },
      { title: 'KI-Klassifizierung von Anwendungen', description: 'Workloads werden nach ihrer Rolle gruppiert: Datenbanken, Warteschlangen, Gateways, Batch-Jobs und mehr.' },
      { title: 'Details per Klick', description: 'Jeder Knoten zeigt seine Metadaten, die für ihn geltenden Richtlinien und seine bekannten Schwachstellen.' },
    ],
    image: { alt: 'Eine Topologiekarte zweier Cluster, deren Workloads nach Klassifizierung gruppiert sind' },
  },
  getStarted: {
    eyebrow: 'Einrichtung',
    title: 'In Sekunden startklar',
    description: 'Eine einzige Helm-Installation des Open-Source-Operators mit reinem Lesezugriff bindet einen Cluster an. Keine Agenten auf den Nodes, keine Schreibrechte.',
    installTime: 'unter 30 Sekunden',
    installTimeLabel: 'Installationsdauer',
    platformsLabel: 'Unterstützte Plattformen',
    networkLayersLabel: 'Netzwerkschichten',
    copiedMessage: 'Installationsbefehl in die Zwischenablage kopiert',
    platforms: ['AWS EKS', 'Azure AKS', 'Google GKE', 'DigitalOcean DOKS', 'On-Premises'],
  },
  architecture: {
    eyebrow: 'Architektur',
    title: 'Lesezugriff, sonst nichts',
    description: 'Ein schlanker Open-Source-Operator in Ihrem Cluster, die KI-Agenten in unserer Plattform – und Sie behalten die Kontrolle über jede Änderung.',
    items: [
      { title: 'Operator mit Lesezugriff', description: 'Ein Open-Source-Operator mit reinen Leserechten (RBAC) überträgt laufend die Metadaten des Clusters. Ändern kann er nichts.' },
      { title: 'KI-Agentenschwärme', description: 'Spezialisierte Agenten analysieren Workloads, RBAC, Images und Datenverkehr parallel in isolierten Umgebungen.' },
      { title: 'Freigabe durch Menschen', description: 'Jede vorgeschlagene Änderung wartet auf Prüfung und Freigabe durch eine Person, bevor sie einen Cluster erreicht.' },
      { title: 'Auslieferung per GitOps', description: 'Freigegebene Änderungen werden direkt eingespielt oder als Pull-Requests in Ihrem GitOps-Repository angelegt.' },
      { title: 'Keine Secrets verlassen den Cluster', description: 'Die Werte von Secrets werden nie gelesen; analysiert werden nur Metadaten und Ressourcenspezifikationen.' },
    ],
  },
  pricing: {
    eyebrow: 'Preise',
    title: 'Einfache, transparente Preise',
    pageTitle: 'Wählen Sie den passenden Tarif',
    description: 'Starten Sie mit einem Cluster und wachsen Sie nach Bedarf. Jeder Tarif enthält die vollständige KI-Plattform.',
    plans: [
      {
        name: 'Starter',
        price: '300\u00a0$',
        period: '/Monat',
        description: 'Für ein Team, das seinen ersten Produktionscluster absichert.',
        features: ['1 Cluster', 'Bis zu 30 Workloads', '3 Risikobewertungen pro Tag'],
        cta: 'Jetzt starten',
      },
      {
        name: 'Growth',
        price: 'Auf Anfrage',
        description: 'Für Plattformteams, die mehrere Cluster betreiben.',
        features: ['Bis zu 5 Cluster', '50 Workloads pro Cluster', '18 Risikobewertungen pro Tag', 'Priorisierter Support'],
        cta: 'Vertrieb kontaktieren',
      },
      {
        name: 'Enterprise',
        price: 'Auf Anfrage',
        description: 'Für Organisationen mit ganzen Cluster-Flotten und Compliance-Anforderungen.',
        features: ['Unbegrenzt viele Cluster, Bewertungen und Workloads', 'Dedizierter Support', 'On-Premises-Betrieb', 'Garantierte SLAs'],
        cta: 'Vertrieb kontaktieren',
      },
    ],
    workloadDefinition: 'Ein Workload ist ein Deployment, StatefulSet, DaemonSet, Job oder CronJob. Pods und ReplicaSets werden nicht mitgezählt.',
    includedInAll: ['KI-Agenten für Risikobewertungen', 'Chat in natürlicher Sprache', 'Erzeugung von Netzwerkrichtlinien', 'Topologiekarte'],
    includedLabel: 'In jedem Tarif enthalten',
    popularLabel: 'Am beliebtesten',
  },
  contact: {
    eyebrow: 'Kontakt',
    title: 'Sprechen Sie mit uns',
    description: 'Fragen zur Plattform, zu einem Pilotprojekt oder zu einer Sicherheitsprüfung? Wir antworten innerhalb eines Arbeitstags.',
    emailLabel: 'Schreiben Sie uns',
    scheduleLabel: 'Demo vereinbaren',
    githubLabel: 'Auf GitHub ansehen',
  },
  footer: {
    columns: [
      { title: 'Plattform', links: platformDe.map(({ label }) => ({ label })) },
      { title: 'Ressourcen', links: [{ label: 'Blog' }, { label: 'Trust Center' }] },
      { title: 'Rechtliches', links: [{ label: 'Datenschutzerklärung' }, { label: 'Nutzungsbedingungen' }] },
    ],
    status: 'Alle Systeme betriebsbereit',
  },
  blog: { title: 'Blog', description: 'Praxisberichte zur Kubernetes-Sicherheit: Netzwerkrichtlinien, RBAC, Risikobewertungen und KI-Agenten im Einsatz auf echten Clustern.' },
}

export default defineSiteConfig({
  brand: { name: 'KubeGuard', logo: { light: '/brand/logo-light.svg', dark: '/brand/logo-dark.svg' } },
  site: {
    url: 'https://kubeguard.dev',
    description: 'KubeGuard secures Kubernetes with AI agents that identify, explain and resolve risks autonomously: read-only risk assessments, least-privilege network policies, conversational cluster intelligence and a topology map of every cluster.',
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
    description: 'Specialised agents examine workloads, RBAC, images and network exposure in parallel, then hand you one report with the remediation steps and the exact YAML changes.',
    slides: [
      { title: 'Risk assessment report', description: 'Every finding ranked by exploitability and blast radius, with the evidence the agents collected.', image: image('risk-report', 'A risk assessment report listing findings by severity') },
      { title: 'AI vulnerability discovery', description: 'Agents chain misconfigurations together the way an attacker would, to find the paths that matter.', image: image('vulnerability-discovery', 'An attack path from an exposed service to a privileged service account') },
      { title: 'Automated exact remediations', description: 'Each finding comes with the precise YAML patch that fixes it, ready to review and apply.', image: image('remediation', 'A YAML diff adding a securityContext to a deployment') },
      { title: 'Agent chain of thought', description: 'See how each agent reached its conclusion, step by step, so every recommendation can be audited.', image: image('chain-of-thought', 'The reasoning steps of an agent investigating a finding') },
    ],
  },
  networkSecurity: {
    eyebrow: 'Network Security',
    title: 'Least-privilege network policies, generated from real traffic',
    description: 'Agents analyse the traffic between your workloads and generate network policies that allow exactly what is used, for Cilium at L3/L4 and Istio at L7.',
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
    description: 'Ask why a pod is crash-looping or who can read a secret, across all your clusters. Proposed YAML changes are reviewed and approved by a human, then deployed directly or opened as a pull request on your GitOps repository.',
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
    description: 'See all clusters, namespaces and workloads in one place, classified by AI by what each application does. Click any node for its metadata, policies and vulnerabilities.',
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
    networkLayers: [{ name: 'Cilium', layer: 'L3/L4' }, { name: 'Istio', layer: 'L7' }],
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
      { title: 'Resources', links: [{ label: 'Blog', href: '/blog/' }, { label: 'Trust Center', href: links.trustCenter }] },
      { title: 'Legal', links: [{ label: 'Privacy Policy', href: '/privacy-policy/' }, { label: 'Terms of Service', href: '/terms-of-service/' }] },
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
  blog: { description: 'Field notes on Kubernetes security: network policies, RBAC, risk assessments and running AI agents against real clusters.', defaultAuthor: 'KubeGuard Team' },
  locales: [{ code: 'de', copy: german }],
})
