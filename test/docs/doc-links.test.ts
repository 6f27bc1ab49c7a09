/**
 * The documentation in docs/ is what code comments point at. Every link into it (a path such as
 * docs/<page>.md with an optional #heading, or README.md#heading, in any source file, and every
 * relative Markdown link between the pages and the READMEs) must name a page that exists and a
 * heading it has, by GitHub's anchor rules; every page is reachable from the README.
 * The pages may name only repository paths that exist, so a moved file shows up here. And the code
 * must not cite documents kept outside the repository. Pure file reading: no services.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SELF = path.relative(ROOT, __filename);

/** Folders never read: dependencies, data, build output, and the recorded workflow histories (large JSON). */
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.data', 'dist', 'coverage', 'test/workflows/histories']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md|sh|ya?ml|json)$|(^|\/)(Dockerfile|\.ci\/run)$/;
const MAX_BYTES = 4 * 1024 * 1024;

function sourceFiles(dir = ''): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (SKIPPED_DIRS.has(entry.name) || SKIPPED_DIRS.has(relative)) continue;
      if (entry.name.startsWith('.') && entry.name !== '.ci') continue;
      found.push(...sourceFiles(relative));
    } else if (entry.isFile() && TEXT_FILE.test(relative) && relative !== SELF) {
      if (fs.statSync(path.join(ROOT, relative)).size <= MAX_BYTES) found.push(relative);
    }
  }
  return found;
}

/** The text a heading shows: inline code, emphasis and link syntax removed. */
function headingText(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*)(.+?)\1/g, '$2')
    .replace(/<[^>]+>/g, '')
    .trim();
}

/** GitHub's anchor for a heading: lower case, punctuation other than - and _ dropped, spaces as hyphens. */
function githubSlug(text: string): string {
  return headingText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown text offers: its headings (repeats numbered as GitHub does) and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker[0]!;
      else if (marker[0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = githubSlug(heading[1]!);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1]!);
  }
  return anchors;
}

interface DocLink {
  /** Where the link was found, as file:line. */
  from: string;
  /** The page it names, relative to the repository root. */
  page: string;
  anchor: string | null;
}

/**
 * Links in one file: `docs/<page>.md[#anchor]` and `README.md#anchor` written anywhere (paths from
 * the repository root), and in Markdown also every link `](<page>.md[#anchor])` and `](#anchor)`,
 * relative to the file itself.
 */
function linksIn(file: string, text: string): DocLink[] {
  const links: DocLink[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const from = `${file}:${index + 1}`;
    for (const match of line.matchAll(/(?<![\w./-])(docs\/[\w./-]*?\.md)(?:#([\w-]+))?/g)) {
      links.push({ from, page: path.posix.normalize(match[1]!), anchor: match[2] ?? null });
    }
    for (const match of line.matchAll(/(?<![\w./-])((?:[\w-][\w.-]*\/)*README\.md)#([\w-]+)/g)) {
      links.push({ from, page: path.posix.normalize(match[1]!), anchor: match[2]! });
    }
    if (!file.endsWith('.md')) return;
    for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [pagePart, anchor = null] = target.split('#') as [string, string?];
      if (pagePart === '') {
        links.push({ from, page: file, anchor });
        continue;
      }
      if (!pagePart.endsWith('.md')) continue;
      const page = path.posix.normalize(path.posix.join(path.posix.dirname(file), pagePart));
      links.push({ from, page, anchor });
    }
  });
  return links;
}

/** What is wrong with each link: a page that does not exist, or an anchor it does not have. */
function brokenLinks(links: DocLink[], readPage: (page: string) => string | null): string[] {
  const anchorCache = new Map<string, Set<string> | null>();
  const problems: string[] = [];
  for (const link of links) {
    if (!anchorCache.has(link.page)) {
      const text = readPage(link.page);
      anchorCache.set(link.page, text === null ? null : anchorsOf(text));
    }
    const anchors = anchorCache.get(link.page);
    if (!anchors) problems.push(`${link.from}: ${link.page} does not exist`);
    else if (link.anchor !== null && !anchors.has(link.anchor)) problems.push(`${link.from}: ${link.page} has no heading #${link.anchor}`);
  }
  return problems;
}

/** Ways of citing the specification documents kept outside the repository. */
const OUTSIDE_CITATIONS: readonly RegExp[] = [
  /\bcontract(?:'s)?\s+(?:sections?|§)/i,
  /\bcontract\s*\(\s*section/i,
  /\(contract:/i,
  /\binterface\s+(?:section\s+)?\d+(?:\.\d+)?\b/i,
  /§\s*\d/,
  /\b(?:interface|contract)\.md\b/i,
  /shared\/spec\b/i,
];

function outsideCitations(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const pattern of OUTSIDE_CITATIONS) {
      const match = pattern.exec(line);
      if (match) found.push(`${file}:${index + 1}: "${match[0]}"`);
    }
  });
  return found;
}

function readRepoFile(relative: string): string | null {
  const absolute = path.join(ROOT, relative);
  return fs.existsSync(absolute) && fs.statSync(absolute).isFile() ? fs.readFileSync(absolute, 'utf8') : null;
}

const files = sourceFiles();

describe('links into docs/', () => {
  it('finds the documentation and links to it', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/README.md', 'docs/api-behaviour.md', 'docs/architecture.md', 'docs/workflow-versioning.md', 'docs/api-guide.md', 'docs/configuration.md', 'docs/operations.md', 'docs/speech-to-text.md', 'docs/performance-log.md']));
    const links = files.flatMap((file) => linksIn(file, readRepoFile(file)!));
    // Comments across the code point at the API page; the README points at the index.
    expect(links.filter((link) => link.page === 'docs/api-behaviour.md' && !link.from.startsWith('docs/')).length).toBeGreaterThan(40);
    expect(links.some((link) => link.from.startsWith('README.md:') && link.page === 'docs/README.md')).toBe(true);
    // The pages link to each other and back to the README.
    expect(links.some((link) => link.from.startsWith('docs/') && link.page === 'README.md')).toBe(true);
    expect(links.some((link) => link.from.startsWith('docs/api-guide.md:') && link.page === 'docs/api-behaviour.md')).toBe(true);
  });

  it('every page in docs/ is reachable from the README by links', () => {
    const linksFrom = new Map<string, string[]>();
    for (const file of files.filter((name) => name.endsWith('.md'))) {
      linksFrom.set(file, linksIn(file, readRepoFile(file)!).map((link) => link.page));
    }
    const reached = new Set(['README.md']);
    const queue = ['README.md'];
    while (queue.length > 0) {
      for (const page of linksFrom.get(queue.shift()!) ?? []) {
        if (!reached.has(page)) {
          reached.add(page);
          queue.push(page);
        }
      }
    }
    const pages = files.filter((file) => file.startsWith('docs/') && file.endsWith('.md'));
    expect(pages.filter((page) => !reached.has(page))).toEqual([]);
  });

  it('every link names an existing page and heading', () => {
    const links = files.flatMap((file) => linksIn(file, readRepoFile(file)!));
    expect(brokenLinks(links, readRepoFile)).toEqual([]);
  });

  it('reports a link whose page or heading is missing', () => {
    const page = '# Guide\n\n## Error codes\n\n```md\n## Not a heading\n```\n\n## Caching and `force_refresh`\n\n## Error codes\n';
    const pages: Record<string, string> = { 'docs/guide.md': page, 'README.md': '# Service\n\n## Install\n' };
    const links = linksIn(
      'src/example.ts',
      [
        '// docs/guide.md#error-codes, docs/guide.md#caching-and-force_refresh and docs/guide.md#error-codes-1',
        '// docs/guide.md#not-a-heading',
        '// docs/guide.md#error-code',
        '// docs/missing.md#anything',
        '// README.md#a-section-that-moved',
      ].join('\n'),
    );
    expect(brokenLinks(links, (name) => pages[name] ?? null)).toEqual([
      'src/example.ts:2: docs/guide.md has no heading #not-a-heading',
      'src/example.ts:3: docs/guide.md has no heading #error-code',
      'src/example.ts:4: docs/missing.md does not exist',
      'src/example.ts:5: README.md has no heading #a-section-that-moved',
    ]);
    const pageLinks = linksIn('docs/guide.md', 'See the [README](../README.md), [the client](../client/MISSING.md) and [codes](#error-codes).');
    expect(pageLinks).toEqual([
      { from: 'docs/guide.md:1', page: 'README.md', anchor: null },
      { from: 'docs/guide.md:1', page: 'client/MISSING.md', anchor: null },
      { from: 'docs/guide.md:1', page: 'docs/guide.md', anchor: 'error-codes' },
    ]);
  });

  it('slugs headings as GitHub does', () => {
    expect(githubSlug('Caching and `force_refresh`')).toBe('caching-and-force_refresh');
    expect(githubSlug('Speech-to-text')).toBe('speech-to-text');
    expect(githubSlug('Making a change with `patched`')).toBe('making-a-change-with-patched');
    expect(githubSlug('Legacy summary_type')).toBe('legacy-summary_type');
    expect(githubSlug("What's new (v1.2)?")).toBe('whats-new-v12');
  });
});

describe('the pages in docs/', () => {
  it('name only files and folders that exist', () => {
    const missing = files
      .filter((file) => file.startsWith('docs/') && file.endsWith('.md'))
      .flatMap((page) =>
        [...readRepoFile(page)!.matchAll(/`((?:src|workflows|activities|workers|client|test|bench|scripts|deploy|docs|\.ci)\/[\w./-]*)`/g)]
          .map((match) => match[1]!)
          .filter((named) => !fs.existsSync(path.join(ROOT, named)))
          .map((named) => `${page}: ${named}`),
      );
    expect(missing).toEqual([]);
  });
});

describe('documents outside the repository', () => {
  it('are not cited by any source file', () => {
    expect(files.flatMap((file) => outsideCitations(file, readRepoFile(file)!))).toEqual([]);
  });

  it('would be caught if cited', () => {
    const cited = ['// as contract section 4 says', '/** interface 2.4 */', '// (contract: DNS)', '# see contract.md'].join('\n');
    expect(outsideCitations('src/example.ts', cited)).toHaveLength(4);
    expect(outsideCitations('src/example.ts', '// the workflow contract of the batch; same contract as fetch')).toEqual([]);
  });
});
