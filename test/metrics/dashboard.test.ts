/**
 * The Grafana dashboard cannot drift from the metrics: every series its queries select is one the
 * service's registry defines. Temporal's own series (temporal_*) come from the SDK core and are
 * checked against a running worker's scrape in metrics.test.ts.
 */
import { createServiceMetrics } from '../../src/metrics/service-metrics';
import { dashboardQueries, seriesNames } from './dashboard';

/** Every family the registry of a process defines, with its type. */
async function registeredFamilies(): Promise<{ name: string; type: string }[]> {
  const metrics = await createServiceMetrics().registry.getMetricsAsJSON();
  return metrics.map((metric) => ({ name: metric.name, type: String(metric.type) }));
}

it('selects only series the registry defines (and Temporal series from the core)', async () => {
  const registered = new Set((await registeredFamilies()).flatMap((family) => seriesNames(family.name, family.type)));
  const queries = dashboardQueries();
  expect(queries.length).toBeGreaterThan(10);
  const unknown = queries.flatMap((query) =>
    query.metrics.filter((name) => !name.startsWith('temporal_') && !registered.has(name)).map((name) => `${query.panel}: ${name}`),
  );
  expect(unknown).toEqual([]);
});

it('has a series in every query', () => {
  expect(dashboardQueries().filter((query) => query.metrics.length === 0)).toEqual([]);
});

it('shows every metric the service defines', async () => {
  const used = new Set(dashboardQueries().flatMap((query) => query.metrics));
  const ours = (await registeredFamilies()).filter((family) => family.name.startsWith('video_digest_'));
  expect(ours.length).toBeGreaterThanOrEqual(12);
  const unused = ours.filter((family) => !seriesNames(family.name, family.type).some((name) => used.has(name))).map((family) => family.name);
  expect(unused).toEqual([]);
});

it('writes queries Prometheus can parse: brackets balanced, quotes closed', () => {
  const unbalanced = dashboardQueries().filter((query) => {
    const stack: string[] = [];
    const closing: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
    const unquoted = query.expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
    if (unquoted.includes('"""') || (unquoted.match(/"/g) ?? []).length % 2 !== 0) return true;
    for (const char of unquoted) {
      if ('([{'.includes(char)) stack.push(char);
      else if (char in closing && stack.pop() !== closing[char]) return true;
    }
    return stack.length > 0;
  });
  expect(unbalanced.map((query) => query.expr)).toEqual([]);
});
