/**
 * docker-compose.yml, checked without Docker: it parses, the service's containers set only
 * variables the configuration knows (a misspelt one would be ignored silently), every image is
 * pinned, and the observability profile's Prometheus and Grafana point at what exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { CONFIG_VARIABLE_NAMES, loadConfig } from '../../src/config';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, unknown> | string[];
  profiles?: string[];
  volumes?: (string | { source?: string; target?: string })[];
  expose?: (string | number)[];
  depends_on?: string[] | Record<string, { condition?: string }>;
}

const compose = parse(read('docker-compose.yml'), { strict: true }) as { services: Record<string, ComposeService> };
const services = compose.services;
/** The service's own containers: built from this repository. */
const ownServices = Object.entries(services).filter(([, service]) => service.build !== undefined);

function environmentOf(service: ComposeService): Record<string, string> {
  const { environment } = service;
  if (!environment) return {};
  if (Array.isArray(environment)) {
    return Object.fromEntries(environment.map((entry) => [entry.split('=')[0]!, entry.slice(entry.indexOf('=') + 1)]));
  }
  return Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, String(value)]));
}

/** Host paths a service mounts (bind mounts only: named volumes have no slash). */
function boundPaths(service: ComposeService): { source: string; target: string }[] {
  return (service.volumes ?? [])
    .map((volume) => (typeof volume === 'string' ? { source: volume.split(':')[0]!, target: volume.split(':')[1]! } : { source: volume.source ?? '', target: volume.target ?? '' }))
    .filter((mount) => mount.source.startsWith('./'));
}

it('runs the API and the workers from this repository', () => {
  expect(ownServices.map(([name]) => name).sort()).toEqual(['api', 'worker']);
});

it('sets only variables the configuration reads, with values it accepts', () => {
  for (const [name, service] of ownServices) {
    const environment = environmentOf(service);
    const unknown = Object.keys(environment).filter((variable) => !CONFIG_VARIABLE_NAMES.includes(variable));
    expect({ service: name, unknown }).toEqual({ service: name, unknown: [] });
    expect(() => loadConfig(environment)).not.toThrow();
  }
});

it('pins every image to a version', () => {
  for (const [name, service] of Object.entries(services)) {
    if (service.build !== undefined) continue;
    expect({ service: name, image: service.image }).toEqual({ service: name, image: expect.stringMatching(/^[a-z0-9./_-]+:[A-Za-z0-9._-]+$/) });
    expect({ service: name, tag: service.image!.split(':').pop() }).not.toEqual({ service: name, tag: 'latest' });
  }
});

it('runs Temporal from the server image, its schema and namespace set up beforehand', () => {
  const images = Object.values(services).map((service) => service.image ?? '');
  expect(images.filter((image) => image.startsWith('temporalio/auto-setup'))).toEqual([]);
  expect(services.temporal!.image).toMatch(/^temporalio\/server:/);
  // The server and its admin tools move together.
  const version = services.temporal!.image!.split(':')[1];
  expect(services['temporal-schema']!.image).toBe(`temporalio/admin-tools:${version}`);
  expect(services['temporal-namespace']!.image).toBe(`temporalio/admin-tools:${version}`);
  expect(services.temporal!.depends_on).toMatchObject({ 'temporal-schema': { condition: 'service_completed_successfully' } });
  for (const [name] of ownServices) {
    expect(services[name]!.depends_on).toMatchObject({ 'temporal-namespace': { condition: 'service_completed_successfully' } });
  }
  expect(services['temporal-ui']).toBeDefined();
});

it('mounts only files that exist', () => {
  for (const [name, service] of Object.entries(services)) {
    for (const mount of boundPaths(service)) {
      expect({ service: name, source: mount.source, exists: fs.existsSync(path.join(ROOT, mount.source)) }).toEqual({ service: name, source: mount.source, exists: true });
    }
  }
});

it('serves metrics from every API and worker container, and scrapes them under the observability profile', () => {
  const ports = new Set<number>();
  for (const [name, service] of ownServices) {
    const config = loadConfig(environmentOf(service));
    expect({ service: name, host: config.metrics.host }).toEqual({ service: name, host: '0.0.0.0' });
    expect(config.metrics.port).toBeGreaterThan(0);
    expect((service.expose ?? []).map(String)).toContain(String(config.metrics.port));
    ports.add(config.metrics.port);
  }

  for (const name of ['prometheus', 'grafana']) expect(services[name]!.profiles).toEqual(['observability']);
  const prometheusConfig = boundPaths(services.prometheus!).find((mount) => mount.target === '/etc/prometheus/prometheus.yml');
  expect(prometheusConfig?.source).toBe('./deploy/prometheus.yml');
  const prometheus = parse(read('deploy/prometheus.yml'), { strict: true }) as {
    scrape_configs: { job_name: string; dns_sd_configs?: { names: string[]; port: number }[] }[];
  };
  const scraped = prometheus.scrape_configs.flatMap((job) => (job.dns_sd_configs ?? []).flatMap((sd) => sd.names.map((host) => `${host}:${sd.port}`)));
  const port = [...ports][0];
  expect(ports.size).toBe(1);
  expect(scraped.sort()).toEqual([`api:${port}`, `worker:${port}`]);
});

it('has Grafana load the dashboard from deploy/grafana', () => {
  const mounts = boundPaths(services.grafana!);
  const dashboard = mounts.find((mount) => mount.source === './deploy/grafana/video-digest-dashboard.json');
  expect(dashboard).toBeDefined();
  const provisioning = mounts.find((mount) => mount.target === '/etc/grafana/provisioning');
  expect(provisioning?.source).toBe('./deploy/grafana/provisioning');

  const providers = parse(read('deploy/grafana/provisioning/dashboards/video-digest.yml'), { strict: true }) as { providers: { options: { path: string } }[] };
  expect(path.posix.dirname(dashboard!.target)).toBe(providers.providers[0]!.options.path);
  const datasources = parse(read('deploy/grafana/provisioning/datasources/prometheus.yml'), { strict: true }) as { datasources: { type: string; url: string }[] };
  expect(datasources.datasources).toEqual([expect.objectContaining({ type: 'prometheus', url: 'http://prometheus:9090' })]);
  expect(JSON.parse(read('deploy/grafana/video-digest-dashboard.json')).uid).toBe('video-digest');
});
