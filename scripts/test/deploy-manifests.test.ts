import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { parseAllDocuments } from 'yaml';
import { cacheControlFor, IMMUTABLE, NO_CACHE } from '../../api-gateway/src/static';
import { PROCESS_PARTS, WEB_APPS, type ProcessPart } from '../deploy/parts';
import { unknownFields } from '../deploy/kubernetes-fields';
import { validateObjects, type KubernetesObject, type SourcedObject } from '../deploy/validate-kubernetes';
import { COMPOSE_SCHEMA } from './support/compose-schema';
import { settingsRead } from './support/settings-read';

/**
 * deploy/ checked offline (no container runtime or cluster here): every manifest parses, the Kubernetes objects
 * pass the API's schemas and the compose file the Compose Specification's, kustomize's paths exist, and every
 * setting a manifest gives a part is one that part reads (found by running its own loaders). The images' entry
 * points are checked against a real production install in production-install.test.ts.
 */
const ROOT = path.resolve(__dirname, '../..');
const DEPLOY = path.join(ROOT, 'deploy');
const BASE = path.join(DEPLOY, 'kubernetes/base');
const PRODUCTION = path.join(DEPLOY, 'kubernetes/overlays/production');

const relative = (file: string): string => path.relative(ROOT, file);

function parseYaml(file: string, options: { merge?: boolean } = {}): unknown[] {
  const documents = parseAllDocuments(fs.readFileSync(file, 'utf8'), { merge: options.merge ?? false });
  return (Array.isArray(documents) ? documents : [documents]).map((document) => {
    if (document.errors.length > 0) throw new Error(`${relative(file)}: ${document.errors[0].message}`);
    return document.toJS() as unknown;
  });
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => pattern.test(file));
}

interface Generator {
  name: string;
  behavior?: string;
  files?: string[];
  envs?: string[];
  literals?: string[];
}

interface Kustomization {
  apiVersion: string;
  kind: string;
  namespace?: string;
  resources?: string[];
  patches?: Array<{ path: string }>;
  images?: Array<{ name: string; newName?: string; newTag?: string }>;
  labels?: unknown[];
  configMapGenerator?: Generator[];
  secretGenerator?: Generator[];
}

const KUSTOMIZATION_KEYS = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'patches',
  'images',
  'labels',
  'configMapGenerator',
  'secretGenerator',
]);

const kustomization = (dir: string): Kustomization =>
  parseYaml(path.join(dir, 'kustomization.yaml'))[0] as Kustomization;

/** The objects a kustomization's resources hold, through its bases (patches and generators aside). */
function resourcesOf(dir: string): SourcedObject[] {
  return (kustomization(dir).resources ?? []).flatMap((resource) => {
    const target = path.join(dir, resource);
    if (fs.statSync(target).isDirectory()) return resourcesOf(target);
    return parseYaml(target).map((doc) => ({ source: relative(target), doc: doc as KubernetesObject }));
  });
}

/** A file a kustomization names: present, or (a secret) git-ignored beside its committed `.example`. */
function fileProblem(dir: string, file: string): string | undefined {
  const target = path.join(dir, file.includes('=') ? file.split('=')[1] : file);
  if (fs.existsSync(target)) return undefined;
  const ignore = path.join(path.dirname(target), '.gitignore');
  const ignored =
    fs.existsSync(ignore) && fs.readFileSync(ignore, 'utf8').split('\n').includes(path.basename(target));
  if (ignored && fs.existsSync(`${target}.example`)) return undefined;
  return `${relative(target)} is missing`;
}

// ---- Kubernetes shapes this test reads ----
interface EnvVar {
  name: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: { name: string } };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  image: string;
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: {
    containers: Container[];
    volumes?: Array<{ configMap?: { name: string }; secret?: { secretName: string } }>;
  };
}
type Workload = KubernetesObject & {
  metadata: { name: string };
  spec: { selector: { matchLabels: Record<string, string> }; template: PodTemplate };
};

const baseObjects = resourcesOf(BASE);
const productionObjects = resourcesOf(PRODUCTION);
const ofKind = <T = KubernetesObject & { metadata: { name: string } }>(kind: string): T[] =>
  baseObjects.filter(({ doc }) => doc.kind === kind).map(({ doc }) => doc as T);
const deployments = ofKind<Workload>('Deployment');
const configMaps = ofKind<KubernetesObject & { metadata: { name: string }; data: Record<string, string> }>(
  'ConfigMap',
);

/** The part an image runs: `devcircle/<name>` as deploy/docker/Dockerfile's targets are tagged. */
const partOfImage = (image: string): ProcessPart | undefined =>
  PROCESS_PARTS.find((part) => image.split(':')[0] === `devcircle/${part.name}`);

// What a part reads: its code's settings, and the environment parts.ts gives it for what runs before the code (glibc).
const SETTINGS = new Map(
  PROCESS_PARTS.map((part) => [part.name, new Set([...settingsRead(part.name), ...Object.keys(part.env)])]),
);
const unread = (part: ProcessPart, names: Iterable<string>): string[] =>
  [...names].filter((name) => !SETTINGS.get(part.name)?.has(name)).map((name) => `${part.name}: ${name}`);

describe('Kubernetes manifests', () => {
  test('every YAML file under deploy/ parses', () => {
    const files = filesUnder(DEPLOY, /\.ya?ml$/);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files)
      expect(parseYaml(path.join(DEPLOY, file), { merge: true }).length).toBeGreaterThan(0);
  });

  test('each kustomization uses known fields and names files that exist, and lists every manifest beside it', () => {
    for (const dir of [BASE, PRODUCTION]) {
      const spec = kustomization(dir);
      expect(Object.keys(spec).filter((key) => !KUSTOMIZATION_KEYS.has(key))).toEqual([]);
      expect([spec.apiVersion, spec.kind]).toEqual(['kustomize.config.k8s.io/v1beta1', 'Kustomization']);
      const generators = [...(spec.configMapGenerator ?? []), ...(spec.secretGenerator ?? [])];
      const named = [
        ...(spec.resources ?? []),
        ...(spec.patches ?? []).map((patch) => patch.path),
        ...generators.flatMap((generator) => [...(generator.files ?? []), ...(generator.envs ?? [])]),
      ];
      expect(named.map((file) => fileProblem(dir, file)).filter(Boolean)).toEqual([]);
      // A manifest nobody lists is never applied: every YAML file here is a resource, a patch, or under a base.
      const listed = new Set(named.map((file) => path.normalize(file)));
      const orphans = filesUnder(dir, /\.yaml$/).filter(
        (file) => file !== 'kustomization.yaml' && !listed.has(path.normalize(file)),
      );
      expect(orphans).toEqual([]);
    }
  });

  test('every object passes the Kubernetes API schemas (and a broken one does not)', async () => {
    const broken: SourcedObject[] = [
      {
        source: 'broken',
        doc: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'broken' },
          spec: { replicas: 'two', selector: {}, template: {} },
        } as KubernetesObject,
      },
    ];
    const objects = [
      ...baseObjects,
      ...productionObjects.filter((object) => !object.source.includes('/base/')),
    ];
    expect(objects.length).toBeGreaterThan(25);
    const errors = await validateObjects([...objects, ...broken]);
    expect(errors.filter((error) => error.source !== 'broken')).toEqual([]);
    expect(errors.map((error) => error.source)).toEqual(['broken']);
    expect(errors[0].message).toMatch(/replicas must be integer/);
  });

  test('every object and patch uses only fields Kubernetes declares (and a misspelt one is found)', () => {
    const patches = (kustomization(PRODUCTION).patches ?? []).flatMap((patch) =>
      parseYaml(path.join(PRODUCTION, patch.path)).map((doc) => ({
        source: relative(path.join(PRODUCTION, patch.path)),
        doc: doc as KubernetesObject,
      })),
    );
    const misspelt = structuredClone(deployments[0]);
    Object.assign(misspelt.spec.template.spec.containers[0], { readynessProbe: {} });
    const found = unknownFields(
      [...baseObjects, ...productionObjects, ...patches, { source: 'misspelt', doc: misspelt }],
      ROOT,
    );
    expect(found).toEqual([
      `misspelt Deployment/${misspelt.metadata.name}: spec.template.spec.containers[0].readynessProbe`,
    ]);
  });

  test('every Deployment has a Service, an autoscaler, a disruption budget, probes and resource bounds', () => {
    const services = ofKind<KubernetesObject & { spec: { selector: Record<string, string> } }>('Service');
    const autoscalers = ofKind<
      KubernetesObject & { spec: { scaleTargetRef: { kind: string; name: string } } }
    >('HorizontalPodAutoscaler');
    const budgets = ofKind<
      KubernetesObject & { spec: { selector: { matchLabels: Record<string, string> } } }
    >('PodDisruptionBudget');
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual(
      ['auth', 'gateway', 'notifications', 'posts', 'users', 'web'].sort(),
    );
    for (const deployment of deployments) {
      const labels = deployment.spec.template.metadata.labels;
      const selects = (selector: Record<string, string>): boolean =>
        Object.entries(selector).every(([key, value]) => labels[key] === value);
      const name = deployment.metadata.name;
      expect([name, selects(deployment.spec.selector.matchLabels)]).toEqual([name, true]);
      expect([name, services.some((service) => selects(service.spec.selector))]).toEqual([name, true]);
      expect([name, budgets.some((budget) => selects(budget.spec.selector.matchLabels))]).toEqual([
        name,
        true,
      ]);
      const scaled = autoscalers.some(
        (hpa) => hpa.spec.scaleTargetRef.kind === 'Deployment' && hpa.spec.scaleTargetRef.name === name,
      );
      expect([name, scaled]).toEqual([name, true]);
      for (const container of deployment.spec.template.spec.containers) {
        const ports = new Set((container.ports ?? []).map((port) => port.name));
        const probe = (which: Probe | undefined): string | undefined =>
          which?.httpGet && ports.has(String(which.httpGet.port)) ? which.httpGet.path : undefined;
        const part = partOfImage(container.image);
        // The parts' own endpoints: /health alive, /ready able to serve (the web image has only /health).
        expect([name, probe(container.livenessProbe)]).toEqual([name, '/health']);
        expect([name, probe(container.readinessProbe)]).toEqual([
          name,
          part ? '/ready' : '/remotes/feed/mf-manifest.json',
        ]);
        expect([name, container.resources?.requests?.cpu, container.resources?.limits?.memory]).toEqual([
          name,
          expect.any(String),
          expect.any(String),
        ]);
      }
    }
  });

  test('the ConfigMaps and Secrets the pods name exist, and the Ingress routes to existing Services', () => {
    const spec = kustomization(BASE);
    const maps = new Set([
      ...configMaps.map((map) => map.metadata.name),
      ...(spec.configMapGenerator ?? []).map((generator) => generator.name),
    ]);
    const secrets = new Set((spec.secretGenerator ?? []).map((generator) => generator.name));
    const workloads = [...deployments, ...ofKind<Workload>('StatefulSet')];
    const jobs = ofKind<KubernetesObject & { spec: { template: PodTemplate } }>('Job');
    const templates = [
      ...workloads.map((workload) => workload.spec.template),
      ...jobs.map((job) => job.spec.template),
    ];
    const missing: string[] = [];
    for (const template of templates) {
      for (const container of template.spec.containers) {
        for (const from of container.envFrom ?? [])
          if (from.configMapRef && !maps.has(from.configMapRef.name)) missing.push(from.configMapRef.name);
        for (const variable of container.env ?? []) {
          const secret = variable.valueFrom?.secretKeyRef?.name;
          if (secret && !secrets.has(secret)) missing.push(secret);
        }
      }
      for (const volume of template.spec.volumes ?? []) {
        if (volume.configMap && !maps.has(volume.configMap.name)) missing.push(volume.configMap.name);
        if (volume.secret && !secrets.has(volume.secret.secretName)) missing.push(volume.secret.secretName);
      }
    }
    expect(missing).toEqual([]);

    const serviceNames = new Set(ofKind('Service').map((service) => service.metadata.name));
    const ingresses = [...baseObjects, ...productionObjects]
      .map(({ doc }) => doc)
      .filter((doc) => doc.kind === 'Ingress') as Array<
      KubernetesObject & {
        spec: { rules: Array<{ http: { paths: Array<{ backend: { service: { name: string } } }> } }> };
      }
    >;
    const backends = ingresses.flatMap((ingress) =>
      ingress.spec.rules.flatMap((rule) => rule.http.paths.map((route) => route.backend.service.name)),
    );
    expect(backends.length).toBeGreaterThan(0);
    expect(backends.filter((name) => !serviceNames.has(name))).toEqual([]);
  });

  test('every setting a pod is given is one its part reads', () => {
    const mapData = new Map(configMaps.map((map) => [map.metadata.name, Object.keys(map.data)]));
    const problems: string[] = [];
    const checked: string[] = [];
    for (const deployment of deployments) {
      for (const container of deployment.spec.template.spec.containers) {
        const part = partOfImage(container.image);
        if (!part) continue;
        checked.push(part.name);
        const names = [
          ...(container.env ?? []).map((variable) => variable.name),
          ...(container.envFrom ?? []).flatMap((from) => mapData.get(from.configMapRef?.name ?? '') ?? []),
        ];
        problems.push(...unread(part, names));
      }
    }
    expect(checked.sort()).toEqual(['auth', 'gateway', 'notifications', 'posts', 'users']);
    expect(problems).toEqual([]);
  });
});

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string };
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  networks?: Record<string, { aliases?: string[] } | null>;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  secrets?: Record<string, { file?: string }>;
}

const COMPOSE = path.join(DEPLOY, 'compose');
const compose = parseYaml(path.join(COMPOSE, 'compose.yaml'), { merge: true })[0] as ComposeFile;
const validate = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }).compile(COMPOSE_SCHEMA);

/** The names a compose service reaches others by: the services' names and their network aliases. */
function hostNames(...files: ComposeFile[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const [name, service] of Object.entries(file.services)) {
      names.add(name);
      for (const network of Object.values(service.networks ?? {}))
        for (const alias of network?.aliases ?? []) names.add(alias);
    }
  }
  return names;
}

/** The `http://host:port` addresses in a service's settings whose host is not in `names`. */
const unknownHosts = (service: ComposeService, names: Set<string>): string[] =>
  Object.values(service.environment ?? {})
    .flatMap((value) => String(value).match(/https?:\/\/[\w.-]+:\d+/g) ?? [])
    .filter((url) => !names.has(new URL(url).hostname));

describe('the compose file', () => {
  test('is valid against the Compose Specification (and a misspelt key is not)', () => {
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
    const services: Record<string, object> = { ...compose.services };
    services['gateway-1'] = { ...services['gateway-1'], enviroment: {} };
    expect(validate({ ...compose, services })).toBe(false);
    expect(validate.errors?.map((error) => error.params)).toContainEqual({
      additionalProperty: 'enviroment',
    });
  });

  test('runs three database members, two of each service and of the gateway, and the proxy', () => {
    const parts = Object.values(compose.services).map((service) => partOfImage(service.image ?? '')?.name);
    for (const part of ['auth', 'posts', 'users', 'notifications', 'gateway'])
      expect([part, parts.filter((name) => name === part).length]).toEqual([part, 2]);
    const mongo = Object.values(compose.services).filter((service) =>
      service.volumes?.some((volume) => volume.endsWith(':/data/db')),
    );
    expect(mongo).toHaveLength(3);
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['mongo-init', 'web', 'proxy']));
  });

  test('every setting a part is given is one it reads, and every address names a service of the file', () => {
    const names = hostNames(compose);
    const problems: string[] = [];
    for (const [name, service] of Object.entries(compose.services)) {
      for (const dependency of Object.keys(service.depends_on ?? {}))
        if (!names.has(dependency)) problems.push(`${name} depends on ${dependency}`);
      const part = partOfImage(service.image ?? '');
      if (!part) continue;
      expect([name, service.build?.target]).toEqual([name, part.name]);
      problems.push(...unread(part, Object.keys(service.environment ?? {})));
      problems.push(...unknownHosts(service, names).map((url) => `${name}: ${url}`));
    }
    const caddyfile = fs.readFileSync(path.join(DEPLOY, 'compose/Caddyfile'), 'utf8');
    for (const [, host] of caddyfile.matchAll(/\b([a-z][\w-]*):8080\b/g))
      if (!names.has(host)) problems.push(`Caddyfile: ${host}`);
    expect(problems).toEqual([]);
  });
});

interface CollectorConfig {
  receivers: { otlp?: { protocols?: { http?: { endpoint?: string } } } } & Record<string, unknown>;
  processors?: Record<string, unknown>;
  exporters: Record<string, { endpoint?: string } | null>;
  service: {
    pipelines: Record<string, { receivers: string[]; processors?: string[]; exporters: string[] }>;
  };
}

/** What a collector pipeline names and its configuration does not define (the collector would not start). */
function undefinedComponents(config: CollectorConfig): string[] {
  return Object.entries(config.service.pipelines).flatMap(([pipeline, uses]) =>
    (['receivers', 'processors', 'exporters'] as const).flatMap((kind) =>
      (uses[kind] ?? [])
        .filter((component) => !(component in (config[kind] ?? {})))
        .map((component) => `${pipeline}: ${kind} ${component}`),
    ),
  );
}

describe('the observability file (Prometheus, the OpenTelemetry collector, Jaeger)', () => {
  const observability = parseYaml(path.join(COMPOSE, 'observability.yaml'), {
    merge: true,
  })[0] as ComposeFile;
  const collector = parseYaml(path.join(COMPOSE, 'otel-collector.yaml'))[0] as CollectorConfig;
  const nodeServices = Object.entries(compose.services).flatMap(([name, service]) => {
    const part = partOfImage(service.image ?? '');
    return part ? [{ name, part, service }] : [];
  });

  test("is valid against the Compose Specification, adds only settings compose.yaml's parts read, and mounts files that exist", () => {
    expect(validate(observability) ? [] : validate.errors).toEqual([]);
    const names = hostNames(compose, observability);
    const problems: string[] = [];
    for (const [name, service] of Object.entries(observability.services)) {
      // A service it does not define (no image) only adds to compose.yaml's, which must exist.
      if (!service.image && !compose.services[name]) problems.push(`${name} is in neither file`);
      for (const dependency of Object.keys(service.depends_on ?? {}))
        if (!names.has(dependency)) problems.push(`${name} depends on ${dependency}`);
      problems.push(...unknownHosts(service, names).map((url) => `${name}: ${url}`));
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0];
        if (source.startsWith('.') && !fs.existsSync(path.join(COMPOSE, source)))
          problems.push(`${name}: ${source} is missing`);
      }
    }
    // Every Node part exports its spans to the collector, with settings it reads.
    for (const { name, part } of nodeServices) {
      const added = observability.services[name]?.environment ?? {};
      if (!String(added.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').startsWith('http://otel-collector:'))
        problems.push(`${name} exports no spans to otel-collector`);
      problems.push(...unread(part, Object.keys(added)));
    }
    expect(nodeServices).toHaveLength(10);
    expect(problems).toEqual([]);
  });

  test("Prometheus scrapes every Node part's instance on its metrics port", () => {
    const prometheus = parseYaml(path.join(COMPOSE, 'prometheus.yml'))[0] as {
      scrape_configs: Array<{ static_configs: Array<{ targets: string[] }> }>;
    };
    const targets = prometheus.scrape_configs.flatMap((job) =>
      job.static_configs.flatMap((config) => config.targets),
    );
    // The gateway's /metrics is on METRICS_PORT; a service's on its own port (the one the gateway's URLs name).
    const gatewayUrls = Object.values(compose.services['gateway-1'].environment ?? {}).join(',');
    const expected = nodeServices.map(({ name, part, service }) => {
      if (part.name === 'gateway') return `${name}:${String(service.environment?.METRICS_PORT)}`;
      const url = gatewayUrls.match(new RegExp(`http://${name}:(\\d+)`));
      return `${name}:${url?.[1]}`;
    });
    expect([...targets].sort()).toEqual(expected.sort());
  });

  test('the collector receives OTLP/HTTP where the parts send it and every pipeline is whole (a misspelt one is not)', () => {
    const endpoint = observability.services['gateway-1']?.environment?.OTEL_EXPORTER_OTLP_ENDPOINT;
    const receiving = collector.receivers.otlp?.protocols?.http?.endpoint ?? '';
    expect(receiving.split(':').pop()).toBe(new URL(String(endpoint)).port);
    expect(undefinedComponents(collector)).toEqual([]);
    const exporterHosts = Object.values(collector.exporters).map(
      (exporter) => exporter?.endpoint?.split(':')[0] ?? '',
    );
    expect(exporterHosts.filter((host) => !observability.services[host])).toEqual([]);

    const misspelt = structuredClone(collector);
    misspelt.service.pipelines.traces.exporters = ['otlp/jager'];
    expect(undefinedComponents(misspelt)).toEqual(['traces: exporters otlp/jager']);
  });
});

describe('the Dockerfile', () => {
  const dockerfile = fs.readFileSync(path.join(DEPLOY, 'docker/Dockerfile'), 'utf8');
  /** Each stage's instructions, by its name (`FROM ... AS name`). */
  const stages = new Map(
    dockerfile
      .split(/^FROM /m)
      .slice(1)
      .map((stage) => [/^\S+ AS (\S+)/.exec(stage)?.[1] ?? '', stage] as const),
  );

  test('has a target for every part and for the web apps, each non-root with a health check', () => {
    for (const target of [...PROCESS_PARTS.map((part) => part.name), 'web']) {
      const stage = stages.get(target) ?? '';
      expect([target, /^HEALTHCHECK /m.test(stage)]).toEqual([target, true]);
      // Node targets inherit `USER node` from the runtime stage.
      const user =
        target === 'web'
          ? /^USER web$/m.test(stage)
          : /^FROM \S+ AS runtime[\s\S]*^USER node$/m.test(dockerfile);
      expect([target, user]).toEqual([target, true]);
    }
    const remotes = [...(stages.get('web') ?? '').matchAll(/\/src\/(mf-[\w-]+)\/dist/g)].map(
      (match) => match[1],
    );
    expect(remotes.sort()).toEqual(WEB_APPS.filter((app) => app.startsWith('mf-')).sort());
  });

  test("the web image's Caddyfile caches the remotes' files as the gateway does", () => {
    const caddyfile = fs.readFileSync(path.join(DEPLOY, 'docker/web.Caddyfile'), 'utf8');
    const hashed = new RegExp(/@hashed path_regexp (\S+)/.exec(caddyfile)?.[1] ?? '^$');
    expect(caddyfile).toContain(`@unhashed not path_regexp ${hashed.source}`);
    const names = [
      'main.3f9a1c2b.js',
      '123.3f9a1c2b.js.br',
      '__federation_expose_Feed.0a1b2c3d.js.gz',
      'vendor-3f9a1c2b.css',
      'remoteEntry.js',
      'mf-manifest.json',
      'inter-latin-400-normal.woff2',
    ];
    const caddy = names.map((name) => (hashed.test(`/remotes/feed/${name}`) ? IMMUTABLE : NO_CACHE));
    expect(caddy).toEqual(names.map((name) => cacheControlFor(name)));
  });

  test('sets only settings its parts read', () => {
    const problems: string[] = [];
    for (const part of PROCESS_PARTS) {
      const stage = `${stages.get('runtime') ?? ''}\n${stages.get(part.name) ?? ''}`;
      const names = [...stage.matchAll(/^ENV ((?:.|\\\n)+)$/gm)].flatMap((match) =>
        [...match[1].matchAll(/([A-Z_]+)=/g)].map((name) => name[1]),
      );
      problems.push(...unread(part, names));
    }
    expect(problems).toEqual([]);
  });
});
