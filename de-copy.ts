// The German copy of the default site (issue 61, item 10): the landing page, pricing, the header
// and footer, the blog's heading and the site's description. At merge it becomes
// `locales: [{ code: 'de', copy: deCopy }]` in site.config.ts.
//
// The keys are site.config.ts's, arrays item by item in its order; each item carries only its
// text (hrefs, icons and image paths stay the default's). Keys site.config.ts leaves at their
// schema default (nav.platformLabel, getStarted.*Label, pricing.pageTitle, contact.*Label,
// footer.status…) are given too: the German page shows them as well.
//
// Left out on purpose, because they are the same in every language:
// - brand (KubeGuard is a name), links and socials (URLs; GitHub and LinkedIn are names);
// - getStarted.command (a shell command a reader copies as it is) and getStarted.networkLayers
//   (Cilium, Istio, L3/L4, L7: product names and OSI layers);
// - contact.email (an address);
// - legal: the privacy policy and the terms exist in English only (their PDFs); the German footer
//   links to them under German labels.
//
// Kept in English inside the German text, as German writers on Kubernetes do: Kubernetes,
// Cluster, Workload, Namespace, Pod, Secret, Service-Account, RBAC, YAML, GitOps, Pull-Request,
// Helm, Operator, Default-Deny, Least-Privilege-Prinzip; the plan names (Starter, Growth,
// Enterprise) and Trust Center are product names. "Network policy" in general is
// "Netzwerkrichtlinie"; Kubernetes' own object is "NetworkPolicy".
//
// Prices: the product charges US dollars, so the amount stays in dollars, written as German
// readers write an amount: the number, a no-break space, the sign (300 $).

const platform = [
  { label: 'Risikobewertung', description: 'KI-Agentenschwärme, die Schwachstellen selbstständig aufspüren' },
  { label: 'Netzwerksicherheit', description: 'KI-gestützte Analyse und Empfehlung von Netzwerkrichtlinien' },
  { label: 'Kubernetes-Intelligenz im Dialog', description: 'Fragen Sie alles über jeden Cluster – in natürlicher Sprache' },
  { label: 'Topologiekarte', description: 'Ihre gesamte Umgebung auf einen Blick, mit KI-gestützter Klassifizierung' },
]

export const deCopy = {
  site: {
    description:
      'KubeGuard sichert Kubernetes mit KI-Agenten, die Risiken selbstständig erkennen, erklären und beheben: Risikobewertungen mit reinem Lesezugriff, Netzwerkrichtlinien nach dem Least-Privilege-Prinzip, Cluster-Analyse im Dialog und eine Topologiekarte aller Cluster.',
  },
  nav: {
    platformLabel: 'Plattform',
    platform,
    links: [{ label: 'Architektur' }, { label: 'Preise' }, { label: 'Kontakt' }, { label: 'Blog' }, { label: 'Dokumentation' }],
    signIn: { label: 'Anmelden' },
  },
  hero: {
    badge: 'Unterstützt von Y Combinator',
    title: 'Kubernetes-Sicherheit, neu gedacht',
    tagline: 'KI-Agenten, die Risiken in Ihren Clustern selbstständig erkennen, erklären und beheben – und jede Änderung gibt ein Mensch frei.',
    primaryCta: { label: 'Jetzt starten' },
    secondaryCta: { label: 'Demo vereinbaren' },
    video: {
      title: 'KubeGuard-Produktdemo: eine KI-Risikobewertung, eine erzeugte Netzwerkrichtlinie und eine Korrektur per Chat',
    },
  },
  riskAssessment: {
    eyebrow: 'Risikobewertung',
    title: 'Schwärme von KI-Agenten bewerten jeden Cluster – mit reinem Lesezugriff',
    description:
      'Spezialisierte Agenten untersuchen parallel Workloads, RBAC, Images und die Erreichbarkeit im Netzwerk. Danach erhalten Sie einen einzigen Bericht mit den Schritten zur Behebung und den exakten YAML-Änderungen.',
    slides: [
      {
        title: 'Bericht zur Risikobewertung',
        description: 'Jeder Befund, eingestuft nach Ausnutzbarkeit und Schadensradius, mit den Belegen, die die Agenten gesammelt haben.',
        image: { alt: 'Ein Bericht zur Risikobewertung, der die Befunde nach Schweregrad auflistet' },
      },
      {
        title: 'Schwachstellensuche mit KI',
        description: 'Die Agenten verketten Fehlkonfigurationen so, wie es ein Angreifer tun würde, und finden so die Angriffspfade, auf die es ankommt.',
        image: { alt: 'Ein Angriffspfad von einem öffentlich erreichbaren Service zu einem privilegierten Service-Account' },
      },
      {
        title: 'Exakte Korrekturen, automatisch erstellt',
        description: 'Zu jedem Befund gibt es den passenden YAML-Patch, der ihn behebt – bereit zur Prüfung und zum Einspielen.',
        image: { alt: 'Ein YAML-Diff, der einem Deployment einen securityContext hinzufügt' },
      },
      {
        title: 'Der Gedankengang der Agenten',
        description: 'Verfolgen Sie Schritt für Schritt, wie jeder Agent zu seinem Ergebnis gekommen ist, damit sich jede Empfehlung prüfen lässt.',
        image: { alt: 'Die Denkschritte eines Agenten, der einen Befund untersucht' },
      },
    ],
  },
  networkSecurity: {
    eyebrow: 'Netzwerksicherheit',
    title: 'Least-Privilege-Netzwerkrichtlinien aus echtem Datenverkehr',
    description:
      'Agenten analysieren den Datenverkehr zwischen Ihren Workloads und erzeugen Netzwerkrichtlinien, die genau das erlauben, was tatsächlich genutzt wird – für Cilium auf L3/L4 und Istio auf L7.',
    features: [
      {
        title: 'Traffic-Analyse',
        description: 'Aus den beobachteten Verbindungen zwischen Pods, Namespaces und externen Endpunkten entsteht eine Karte dessen, was jeder Workload wirklich braucht.',
      },
      {
        title: 'Richtlinien, automatisch erzeugt',
        description: 'Die Richtlinien nach dem Least-Privilege-Prinzip schreiben die Agenten für Sie: mit Default-Deny und einer erklärten Regel pro erlaubter Verbindung.',
      },
      {
        title: 'Graph der Traffic-Simulation',
        description: 'Spielen Sie den Datenverkehr gegen eine Richtlinie ab, bevor sie live geht: Erlaubte Kanten erscheinen grün, blockierte rot.',
      },
    ],
    image: { alt: 'Ein Graph der Traffic-Simulation mit erlaubten Kanten in Grün und blockierten Kanten in Rot' },
  },
  aiIntelligence: {
    eyebrow: 'Kubernetes-Intelligenz im Dialog',
    title: 'Untersuchen Sie jedes Kubernetes-Problem in natürlicher Sprache',
    description:
      'Fragen Sie, warum ein Pod immer wieder abstürzt oder wer ein Secret lesen kann – über alle Ihre Cluster hinweg. Vorgeschlagene YAML-Änderungen prüft und genehmigt ein Mensch; danach werden sie direkt ausgerollt oder als Pull-Request in Ihrem GitOps-Repository angelegt.',
    features: [
      {
        title: 'Chat in natürlicher Sprache',
        description: 'Ein einziger Chat erreicht alle angebundenen Cluster, und jede Antwort stützt sich auf deren aktuellen Zustand.',
      },
      {
        title: 'Zuerst die Freigabe',
        description: 'Nichts ändert sich, bevor eine Person das exakte YAML geprüft und freigegeben hat.',
      },
      {
        title: 'Ausrollen oder Pull-Request',
        description: 'Spielen Sie eine freigegebene Änderung direkt im Cluster ein, oder senden Sie sie als Pull-Request an Ihr GitOps-Repository.',
      },
    ],
    image: { alt: 'Ein Chat mit der Frage, welche Workloads die Zahlungsdatenbank erreichen können, samt vorgeschlagener Richtlinie' },
  },
  topologyMap: {
    eyebrow: 'Topologiekarte',
    title: 'Eine Karte für alle Cluster',
    description:
      'Sehen Sie alle Cluster, Namespaces und Workloads an einem Ort, von KI danach klassifiziert, was jede Anwendung tut. Ein Klick auf einen Knoten zeigt seine Metadaten, Richtlinien und Schwachstellen.',
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
    description:
      'Eine einzige Helm-Installation des Open-Source-Operators mit reinem Lesezugriff bindet einen Cluster an. Keine Agenten auf den Nodes, keine Schreibrechte.',
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
      { title: 'Plattform', links: platform.map(({ label }) => ({ label })) },
      { title: 'Ressourcen', links: [{ label: 'Blog' }, { label: 'Trust Center' }] },
      { title: 'Rechtliches', links: [{ label: 'Datenschutzerklärung' }, { label: 'Nutzungsbedingungen' }] },
    ],
    status: 'Alle Systeme betriebsbereit',
  },
  blog: {
    title: 'Blog',
    description: 'Praxisberichte zur Kubernetes-Sicherheit: Netzwerkrichtlinien, RBAC, Risikobewertungen und KI-Agenten im Einsatz auf echten Clustern.',
  },
}
