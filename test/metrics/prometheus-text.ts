/**
 * A strict reader of the Prometheus text format (0.0.4) for the metrics tests: every line must be
 * a comment, a HELP/TYPE header or a well-formed sample, each family declared once with its
 * samples together, as Prometheus itself requires of a scrape.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  text: string;
  contentType: string | null;
  /** Family name to its declared type. */
  families: Map<string, string>;
  samples: Sample[];
}

const HEADER = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)( -?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;
const SUFFIXES = ['_bucket', '_sum', '_count', '_total', '_created', '_info'];

export function parsePrometheusText(text: string, contentType: string | null = null): Scrape {
  const families = new Map<string, string>();
  const samples: Sample[] = [];
  const closed = new Set<string>();
  let current: string | null = null;
  text.split('\n').forEach((line, index) => {
    const where = `line ${index + 1}: ${line}`;
    if (line === '') return;
    const header = HEADER.exec(line);
    if (header) {
      const [, kind, name] = header;
      if (name !== current) {
        if (closed.has(name!) || families.has(name!)) throw new Error(`family ${name} declared twice (${where})`);
        if (current) closed.add(current);
        current = name!;
      }
      if (kind === 'TYPE') families.set(name!, header[3]!);
      return;
    }
    if (line.startsWith('#')) return;
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a sample (${where})`);
    const [, name, , labelText, valueText] = sample;
    const family = familyOf(name!, families);
    if (family !== current) throw new Error(`sample outside its family's block (${where})`);
    // Prometheus reads values with Go's ParseFloat: NaN and Inf in any case (prom-client writes "Nan").
    const special: Record<string, number> = { nan: NaN, '+inf': Infinity, inf: Infinity, '-inf': -Infinity };
    const value = valueText!.toLowerCase() in special ? special[valueText!.toLowerCase()]! : Number(valueText);
    if (Number.isNaN(value) && valueText!.toLowerCase() !== 'nan') throw new Error(`bad value (${where})`);
    samples.push({ name: name!, labels: parseLabels(labelText ?? '', where), value });
  });
  return { text, contentType, families, samples };
}

function familyOf(sample: string, families: Map<string, string>): string {
  if (families.has(sample)) return sample;
  for (const suffix of SUFFIXES) {
    if (sample.endsWith(suffix) && families.has(sample.slice(0, -suffix.length))) return sample.slice(0, -suffix.length);
  }
  return sample;
}

function parseLabels(text: string, where: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const start = LABEL.lastIndex;
    const match = LABEL.exec(text);
    if (!match || match.index !== start) throw new Error(`bad labels (${where})`);
    labels[match[1]!] = match[2]!.replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

export async function scrape(url: string): Promise<Scrape> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
  return parsePrometheusText(await response.text(), response.headers.get('content-type'));
}

/** The samples of `name` whose labels include `labels`. */
export function samplesOf(result: Scrape, name: string, labels: Record<string, string> = {}): Sample[] {
  return result.samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
}

/** Their sum, 0 when there are none. */
export function valueOf(result: Scrape, name: string, labels: Record<string, string> = {}): number {
  return samplesOf(result, name, labels).reduce((sum, sample) => sum + sample.value, 0);
}
