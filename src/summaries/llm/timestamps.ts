/**
 * Times in a model's outline come from the transcript or not at all: each item is snapped to the
 * nearest real segment start; items past the end of the video, or that would go back in time
 * once snapped, are dropped. Nothing is invented.
 */
import { formatTimestamp, type TimestampedItem } from '../../domain/summary';
import type { TranscriptSegment } from '../../domain/transcript';

export interface ProposedItem {
  start_seconds: number;
  title: string;
  summary: string;
}

/** Seconds of slack past the last segment before an item counts as outside the video. */
const END_SLACK_SECONDS = 5;

export function snapToSegments(items: readonly ProposedItem[], segments: readonly TranscriptSegment[], durationSeconds: number | null): TimestampedItem[] {
  if (segments.length === 0) return [];
  const starts = segments.map((segment) => segment.start);
  const last = segments[segments.length - 1]!;
  const end = Math.max(durationSeconds ?? 0, last.end);
  const snapped: TimestampedItem[] = [];
  for (const item of items) {
    if (!Number.isFinite(item.start_seconds) || item.start_seconds < 0 || item.start_seconds > end + END_SLACK_SECONDS) continue;
    const start = nearest(starts, item.start_seconds);
    if (snapped.length > 0 && start <= snapped[snapped.length - 1]!.start) continue;
    snapped.push({ start, timestamp: formatTimestamp(start), title: item.title.trim(), summary: item.summary.trim() });
  }
  return snapped;
}

/** Binary search in ascending starts. */
function nearest(starts: readonly number[], target: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (starts[mid]! < target) low = mid + 1;
    else high = mid;
  }
  const after = starts[low]!;
  const before = low > 0 ? starts[low - 1]! : after;
  return target - before <= after - target ? before : after;
}
