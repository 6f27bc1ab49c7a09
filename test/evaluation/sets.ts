/**
 * The converted evaluation sets (written by convert.ts; sources and licences in
 * data/LICENSES.md), read back and turned into what the summary engine takes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SummaryInput } from '../../src/domain/summary';
import type { TranscriptSegment } from '../../src/domain/transcript';

export const DATA_DIR = path.join(__dirname, 'data');

/** Inclusive [firstTurn, lastTurn]. */
export type TurnSpan = [number, number];

export interface QmsumMeeting {
  meeting_id: string;
  corpus: 'ami' | 'icsi';
  turns: { speaker: string; text: string }[];
  topics: { topic: string; spans: TurnSpan[] }[];
  general_queries: { query: string; answer: string }[];
  specific_queries: { query: string; answer: string; spans: TurnSpan[] }[];
}

export interface TreesegRecording {
  id: string;
  utterances: { start: number; end: number; text: string }[];
  coarse: { title: string; start: number }[];
  fine: { title: string; start: number }[];
}

export type QmsumSplit = 'train' | 'val' | 'test';
export type TreesegSplit = 'dev' | 'test';

function readDir<T>(dir: string, limit?: number): T[] {
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
  return files.slice(0, limit ?? files.length).map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as T);
}

export function loadQmsum(split: QmsumSplit, limit?: number): QmsumMeeting[] {
  return readDir<QmsumMeeting>(path.join(DATA_DIR, 'qmsum', split), limit);
}

export function loadTreeseg(split: TreesegSplit, limit?: number): TreesegRecording[] {
  return readDir<TreesegRecording>(path.join(DATA_DIR, 'treeseg', split), limit);
}

/**
 * QMSum has no timings: each turn is laid on the timeline at a steady conversational pace, so
 * time and word position are proportional and the engine's sections map back to words exactly.
 */
export const QMSUM_WORDS_PER_SECOND = 2.5;

export function wordCountOf(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

/** Per turn, the number of words spoken before it (length turns + 1, the last entry the total). */
export function turnWordOffsets(meeting: QmsumMeeting): number[] {
  const offsets = [0];
  for (const turn of meeting.turns) offsets.push((offsets[offsets.length - 1] ?? 0) + wordCountOf(turn.text));
  return offsets;
}

/** The sets are not videos; summaries link their points to this address. */
export const EVALUATION_VIDEO_URL = 'https://www.youtube.com/watch?v=evaluation0';

function summaryInput(title: string, segments: TranscriptSegment[]): SummaryInput {
  const last = segments[segments.length - 1];
  return { title, channel: '', language: 'en', durationSeconds: last ? last.end : 0, chapters: [], segments, videoUrl: EVALUATION_VIDEO_URL };
}

export function qmsumInput(meeting: QmsumMeeting): SummaryInput {
  const offsets = turnWordOffsets(meeting);
  const segments: TranscriptSegment[] = [];
  meeting.turns.forEach((turn, i) => {
    if (turn.text === '') return;
    segments.push({ start: (offsets[i] ?? 0) / QMSUM_WORDS_PER_SECOND, end: (offsets[i + 1] ?? 0) / QMSUM_WORDS_PER_SECOND, text: turn.text });
  });
  return summaryInput('', segments);
}

export function treesegInput(recording: TreesegRecording): SummaryInput {
  return summaryInput('', recording.utterances.map(({ start, end, text }) => ({ start, end: Math.max(start, end), text })));
}

/** Gold topic starts of a meeting in word positions: the first turn of every topic span, less the opening. */
export function qmsumGoldBoundaries(meeting: QmsumMeeting): number[] {
  const offsets = turnWordOffsets(meeting);
  const starts = meeting.topics.flatMap((topic) => topic.spans.map(([first]) => offsets[first] ?? 0));
  return [...new Set(starts)].filter((word) => word > 0).sort((a, b) => a - b);
}

/** Gold segment starts of a recording in seconds, less the one that opens it. */
export function treesegGoldBoundaries(recording: TreesegRecording, level: 'coarse' | 'fine'): number[] {
  const opening = recording.utterances[0]?.start ?? 0;
  const starts = recording[level].map((segment) => segment.start).filter((start) => start > opening + 1e-6);
  return [...new Set(starts)].sort((a, b) => a - b);
}
