/**
 * Writes the compact evaluation sets under test/evaluation/data from the public repositories they
 * come from, read out of bare git mirrors:
 *
 *   node --require tsx/cjs test/evaluation/convert.ts \
 *     [--qmsum /work/.mirror/Yale-LILY+QMSum/repo] [--treeseg /work/.mirror/AugmendTech+treeseg/repo]
 *
 * QMSum: only the AMI (ES*, IS*, TS*) and ICSI (B*) meetings, whose transcripts are CC BY 4.0; the
 * committee meetings carry a non-commercial licence and stay out. Transcript turns lose the
 * corpus's annotation markers ({disfmarker}, {vocalsound}, "@ @" …) and its tokenised spacing
 * ("it 's ." becomes "it's."), one turn per source turn so that span indices stay those of the
 * source. Reference answers are kept verbatim.
 *
 * treeseg (Augmend): utterances with their start and end seconds; screen-sharing actions, speaker
 * names and user ids are dropped; each coarse and fine segment becomes its title and the start
 * second of its first entry.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    qmsum: { type: 'string', default: '/work/.mirror/Yale-LILY+QMSum/repo' },
    treeseg: { type: 'string', default: '/work/.mirror/AugmendTech+treeseg/repo' },
    out: { type: 'string', default: path.join(__dirname, 'data') },
  },
});

type Span = [number, number];

interface QmsumSource {
  topic_list: { topic: string; relevant_text_span: string[][] }[];
  general_query_list: { query: string; answer: string }[];
  specific_query_list: { query: string; answer: string; relevant_text_span: string[][] }[];
  meeting_transcripts: { speaker: string; content: string }[];
}

interface TreesegEntry {
  start: number;
  end: number;
  doc?: string;
}

const QMSUM_SPLITS = ['train', 'val', 'test'] as const;
const TREESEG_SPLITS = ['dev', 'test'] as const;

function gitShow(repo: string, file: string): string {
  return execFileSync('git', ['-C', repo, 'show', `HEAD:${file}`], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

function gitList(repo: string, dir: string): string[] {
  return execFileSync('git', ['-C', repo, 'ls-tree', '--name-only', 'HEAD', `${dir}/`], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.endsWith('.json'));
}

function corpusOf(meetingId: string): 'ami' | 'icsi' | null {
  if (/^(ES|IS|TS)\d/.test(meetingId)) return 'ami';
  if (/^B[a-z]{2}\d/.test(meetingId)) return 'icsi';
  return null;
}

/** Undoes the corpus's markers and tokenised spacing without merging or splitting turns. */
export function cleanTurnText(raw: string): string {
  return raw
    .replace(/\{[a-z_]+\}/g, ' ')
    .replace(/(?:^|\s)@(?:\s+@)*(?=\s|$)/g, ' ')
    .replace(/(\w) - (?=\w)/g, '$1-')
    .replace(/(\w) '(s|re|m|ll|ve|d|t)\b/gi, "$1'$2")
    .replace(/(\w) n't\b/gi, "$1n't")
    .replace(/\s+([,.?!;:])/g, '$1')
    .replace(/([,.?!;:])(?:\s*\1)+/g, '$1')
    .replace(/^[\s,.;:]+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function spans(raw: string[][], turnCount: number): Span[] {
  return raw
    .map((pair): Span => [Number(pair[0]), Number(pair[1])])
    .filter(([first, last]) => Number.isInteger(first) && Number.isInteger(last) && first >= 0 && first <= last && last < turnCount);
}

function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value)}\n`);
}

function convertQmsum(repo: string, outDir: string): number {
  let written = 0;
  for (const split of QMSUM_SPLITS) {
    for (const file of gitList(repo, `data/ALL/${split}`)) {
      const meetingId = path.basename(file, '.json');
      const corpus = corpusOf(meetingId);
      if (!corpus) continue;
      const source = JSON.parse(gitShow(repo, file)) as QmsumSource;
      const turns = source.meeting_transcripts.map((turn) => ({ speaker: turn.speaker, text: cleanTurnText(turn.content) }));
      writeJson(path.join(outDir, 'qmsum', split, `${meetingId}.json`), {
        meeting_id: meetingId,
        corpus,
        turns,
        topics: source.topic_list.map((topic) => ({ topic: cleanTurnText(topic.topic), spans: spans(topic.relevant_text_span, turns.length) })),
        general_queries: source.general_query_list.map(({ query, answer }) => ({ query, answer })),
        specific_queries: source.specific_query_list.map(({ query, answer, relevant_text_span }) => ({
          query,
          answer,
          spans: spans(relevant_text_span, turns.length),
        })),
      });
      written += 1;
    }
  }
  return written;
}

function convertTreeseg(repo: string, outDir: string): number {
  let written = 0;
  for (const split of TREESEG_SPLITS) {
    for (const file of gitList(repo, `datasets/augmend/${split}`).filter((name) => !name.endsWith('_anno.json'))) {
      const id = path.basename(file, '.json');
      const data = (JSON.parse(gitShow(repo, file)) as Record<string, { entries: TreesegEntry[] }>)[id];
      const anno = (JSON.parse(gitShow(repo, file.replace(/\.json$/, '_anno.json'))) as Record<string, { coarse: [number, number, string][]; fine: [number, number, string][] }>)[id];
      if (!data || !anno) throw new Error(`${file}: recording ${id} is missing from its data or annotation file`);
      const entries = data.entries;
      const segments = (list: [number, number, string][]) =>
        list.map(([first, , title]) => {
          const entry = entries[first];
          if (!entry) throw new Error(`${file}: segment "${title}" starts at entry ${first}, past the end`);
          return { title, start: entry.start };
        });
      writeJson(path.join(outDir, 'treeseg', split, `${id}.json`), {
        id,
        utterances: entries.filter((entry) => typeof entry.doc === 'string' && entry.doc.trim() !== '').map((entry) => ({ start: entry.start, end: entry.end, text: entry.doc!.trim() })),
        coarse: segments(anno.coarse),
        fine: segments(anno.fine),
      });
      written += 1;
    }
  }
  return written;
}

function main(): void {
  fs.rmSync(path.join(args.out!, 'qmsum'), { recursive: true, force: true });
  fs.rmSync(path.join(args.out!, 'treeseg'), { recursive: true, force: true });
  const meetings = convertQmsum(args.qmsum!, args.out!);
  const recordings = convertTreeseg(args.treeseg!, args.out!);
  process.stdout.write(`qmsum: ${meetings} meetings; treeseg: ${recordings} recordings; in ${args.out}\n`);
}

if (require.main === module) main();
