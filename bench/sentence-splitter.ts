/**
 * The English sentence splitter of punctuated captions: ICU's boundaries with wink rereading the
 * doubtful stretches (englishSentenceOffsets), against wink reading everything, on the fake
 * YouTube's punctuated transcripts (the 10 MB one among them) and the test fixtures:
 *
 *   node --require tsx/cjs bench/sentence-splitter.ts [--runs 3]
 *
 * The text is cut into windows of about 6,000 characters ending at a full stop (24,000 at most),
 * as the analysis reads it. For each text: the time of each splitter (the best of the runs) and the sentence
 * starts on which they disagree.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { englishSentenceOffsets, winkSentenceOffsets } from '../src/summaries/analysis/punctuated-sentences';
import { builtInVideo, VIDEO_LONG, VIDEO_MANUAL_AND_AUTO, VIDEO_TEN_MEGABYTES } from '../test/fake-youtube/catalog';
import { sleepScienceLecture } from '../test/fixtures/transcripts/lecture-sleep-science';
import { machineLine, printTable, round, runMain } from './support';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(args.runs);
const WINDOW_CHARS = 6000;
const MAX_WINDOW_CHARS = 24000;

function videoText(videoId: string): string {
  const cues = builtInVideo(videoId)?.tracks[0]?.cues ?? [];
  return cues.map((cue) => cue.text.replace(/\s+/g, ' ').trim()).join(' ');
}

function windowsOf(text: string): string[] {
  const windows: string[] = [];
  for (let from = 0; from < text.length; ) {
    const stop = text.indexOf('. ', from + WINDOW_CHARS);
    const space = text.indexOf(' ', from + MAX_WINDOW_CHARS);
    const to = stop >= 0 && stop < from + MAX_WINDOW_CHARS ? stop + 2 : space < 0 ? text.length : space + 1;
    windows.push(text.slice(from, to));
    from = to;
  }
  return windows;
}

/**
 * The best of RUNS timings of a splitter over every window, and its sentence starts per window.
 * A new splitter each run, as each analysis makes one (its memo of abbreviations starts empty).
 */
function measure(windows: string[], splitter: () => (text: string) => number[]): { ms: number; starts: number[][] } {
  let best = Infinity;
  let starts: number[][] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const began = performance.now();
    const split = splitter();
    starts = windows.map((window) => split(window));
    best = Math.min(best, performance.now() - began);
  }
  return { ms: best, starts };
}

async function main() {
  const texts: Record<string, string> = {
    '10 MB transcript': videoText(VIDEO_TEN_MEGABYTES),
    'long lecture': videoText(VIDEO_LONG),
    'manual captions': videoText(VIDEO_MANUAL_AND_AUTO),
    'sleep lecture (fixture)': sleepScienceLecture.input.segments.map((s) => s.text).join(' ').replace(/\s+/g, ' '),
    // No ". " anywhere: each segment's look for an unsplit full stop must not search to the end.
    'questions and exclamations, 1 MB': 'Is it ready? Not yet! Why not? The oven is cold! '.repeat(21_000),
  };
  const rows: Array<Record<string, string | number>> = [];
  for (const [name, text] of Object.entries(texts)) {
    const windows = windowsOf(text);
    const wink = measure(windows, () => winkSentenceOffsets);
    const combined = measure(windows, englishSentenceOffsets);
    let disagreements = 0;
    windows.forEach((_, w) => {
      const a = new Set(wink.starts[w]);
      const b = new Set(combined.starts[w]);
      for (const start of a) if (!b.has(start)) disagreements += 1;
      for (const start of b) if (!a.has(start)) disagreements += 1;
    });
    rows.push({
      text: name,
      'KB': Math.round(Buffer.byteLength(text) / 1024),
      sentences: wink.starts.reduce((sum, starts) => sum + starts.length, 0),
      'wink alone ms': round(wink.ms),
      'ICU + wink ms': round(combined.ms),
      'starts that differ': disagreements,
    });
  }
  console.log(machineLine());
  printTable(`English sentence splitting, best of ${RUNS} runs`, rows);
  console.log(JSON.stringify({ bench: 'sentence-splitter', runs: RUNS, texts: rows }));
}

runMain(main);
