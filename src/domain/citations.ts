/**
 * Links from a summary's points to their moments in the video (docs/citations.md): the watch URL
 * with `t=<seconds>s`, and the Markdown link `[m:ss](url)` printed after each point.
 */
import { formatTimestamp, type SummaryPoint } from './summary';

/** The watch URL at `seconds` (whole seconds, never negative). */
export function momentUrl(videoUrl: string, seconds: number): string {
  const at = `t=${Math.max(0, Math.floor(seconds))}s`;
  const withoutTime = videoUrl.replace(/([?&])t=[^&#]*&?/, '$1').replace(/[?&]$/, '');
  return `${withoutTime}${withoutTime.includes('?') ? '&' : '?'}${at}`;
}

/** `[m:ss](url)`: the link a point carries in Markdown. */
export function momentLink(point: Pick<SummaryPoint, 'start' | 'url'>): string {
  return `[${formatTimestamp(point.start)}](${point.url})`;
}

/** A point of `videoUrl` resting on the passage from `start` to `end`. */
export function pointAt(videoUrl: string, text: string, start: number, end: number): SummaryPoint {
  const from = Math.max(0, start);
  return { text, start: from, end: Math.max(from, end), url: momentUrl(videoUrl, from) };
}
