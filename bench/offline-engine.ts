/**
 * The offline (extractive) engine measured on openly licensed data (test/evaluation/data, see
 * its LICENSES.md):
 *
 *   node --require tsx/cjs bench/offline-engine.ts [--limit N] [--json] [--examples]
 *
 * Prints, per set (QMSum AMI+ICSI train, val, test; TreeSeg Augmend dev, test): boundary F1 of
 * the engine's topic sections against an even split that knows the true count and against
 * TextTiling (QMSum in words at ±75; Augmend in seconds at ±10 and ±30, against the coarse and
 * the fine segments); ROUGE-1/2/L F1 of `tldr` and `detailed` against the QMSum general-query
 * answers beside lead-N and TextRank of the same length; the share of summary sentences that
 * open with a dangling connective or aside; tl;dr sentences that are chatter. Tune on train and
 * dev only; val and test are the held-out figures. `--json` adds one JSON line of all counts at
 * the end; `--examples` lists offending sentences.
 */
import { parseArgs } from 'node:util';
import { danglingShare, evaluateQmsum, evaluateTreeseg, f1, type BoundaryScores, type StandaloneCounts, type SummaryScores } from '../test/evaluation/evaluate';
import { loadQmsum, loadTreeseg } from '../test/evaluation/sets';

const { values: args } = parseArgs({ options: { limit: { type: 'string' }, json: { type: 'boolean', default: false }, examples: { type: 'boolean', default: false } } });
const limit = args.limit === undefined ? undefined : Number(args.limit);

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const fix = (x: number) => x.toFixed(3);

function boundaryLine(label: string, scores: BoundaryScores): string {
  return `  ${label.padEnd(22)} engine ${fix(f1(scores.engine))} (${scores.engine.found} found, ${scores.engine.truePositives} hit of ${scores.engine.gold})  even ${fix(f1(scores.even))}  TextTiling ${fix(f1(scores.textTiling))} (${scores.textTiling.found} found)`;
}

function rougeLine(label: string, scores: SummaryScores): string {
  const triple = (r: { rouge1: number; rouge2: number; rougeL: number }) => `${fix(r.rouge1)}/${fix(r.rouge2)}/${fix(r.rougeL)}`;
  return `  ${label.padEnd(22)} engine ${triple(scores.engine)}  lead ${triple(scores.lead)}  TextRank ${triple(scores.textRank)}  (R-1/R-2/R-L F1)`;
}

function standaloneLine(counts: StandaloneCounts): string[] {
  const lines = [`  ${'not standing alone'.padEnd(22)} ${pct(danglingShare(counts))} of ${counts.sentences} summary sentences; tl;dr chatter ${counts.tldrChatter} of ${counts.tldrSentences}`];
  if (args.examples) lines.push(...counts.examples.map((e) => `      ${e.slice(0, 140)}`));
  return lines;
}

function main(): void {
  const results: Record<string, unknown> = {};
  for (const split of ['train', 'val', 'test'] as const) {
    const started = performance.now();
    const figures = evaluateQmsum(loadQmsum(split, limit));
    results[`qmsum-${split}`] = figures;
    process.stdout.write(`QMSum AMI+ICSI ${split} (${figures.meetings} meetings, ${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
    process.stdout.write(
      [boundaryLine('boundaries ±75 words', figures.boundaries), rougeLine('tldr', figures.tldr), rougeLine('detailed', figures.detailed), ...standaloneLine(figures.standalone)].join('\n') + '\n',
    );
  }
  for (const split of ['dev', 'test'] as const) {
    const figures = evaluateTreeseg(loadTreeseg(split, limit));
    results[`treeseg-${split}`] = figures;
    process.stdout.write(`TreeSeg Augmend ${split} (${figures.recordings} recordings)\n`);
    const lines: string[] = [];
    for (const level of ['coarse', 'fine'] as const) {
      for (const [window, scores] of Object.entries(figures.boundaries[level])) lines.push(boundaryLine(`${level} ±${window} s`, scores));
    }
    process.stdout.write([...lines, ...standaloneLine(figures.standalone)].join('\n') + '\n');
  }
  if (args.json) process.stdout.write(`${JSON.stringify(results)}\n`);
}

main();
