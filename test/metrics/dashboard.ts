/** The Grafana dashboard in deploy/, read the way the checks on it need. */
import fs from 'node:fs';
import path from 'node:path';

export const DASHBOARD_PATH = path.resolve(__dirname, '../../deploy/grafana/video-digest-dashboard.json');

export interface DashboardQuery {
  panel: string;
  expr: string;
  /** Series names the expression selects (every selector in the dashboard carries a `{...}` matcher). */
  metrics: string[];
}

interface Panel {
  title?: string;
  type?: string;
  panels?: Panel[];
  targets?: { expr?: string }[];
}

export function dashboardQueries(): DashboardQuery[] {
  const dashboard = JSON.parse(fs.readFileSync(DASHBOARD_PATH, 'utf8')) as { panels: Panel[] };
  const queries: DashboardQuery[] = [];
  const visit = (panel: Panel) => {
    for (const target of panel.targets ?? []) {
      const expr = target.expr ?? '';
      // Label values are quoted; what is left before a `{` is a series name.
      const unquoted = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
      const metrics = [...unquoted.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{/g)].map((match) => match[1]!);
      queries.push({ panel: panel.title ?? '(untitled)', expr, metrics });
    }
    panel.panels?.forEach(visit);
  };
  dashboard.panels.forEach(visit);
  return queries;
}

/** A histogram's or summary's series names, from its family name. */
export function seriesNames(family: string, type: string): string[] {
  if (type === 'histogram') return [`${family}_bucket`, `${family}_sum`, `${family}_count`];
  if (type === 'summary') return [family, `${family}_sum`, `${family}_count`];
  return [family];
}
