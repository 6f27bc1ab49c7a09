import { XMLParser } from 'fast-xml-parser';
import type { TranscriptSegment } from '../../domain/transcript';
import { CaptionFormatError, captionSegment } from './caption-text';

/**
 * YouTube's XML caption formats.
 *
 * srv3 (timedtext fmt=srv3), times in milliseconds, auto-captions split into word runs:
 *   <timedtext format="3"><body>
 *     <p t="80" d="4000" w="1"><s ac="0">hey</s><s t="160" ac="0"> guys</s></p>
 *     <p t="1200" d="2160">It&amp;#39;s here</p>
 *   </body></timedtext>
 *
 * The older layout timedtext answers when no fmt is given is read too, times in seconds:
 *   <transcript><text start="1.2" dur="2.16">It&amp;#39;s here</text></transcript>
 *
 * Entities are left raw by the XML parser and decoded once, by the shared text rules, so XML
 * escaping and YouTube's own HTML escaping unwind together.
 */

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true, // <s> runs and bare text interleave; order is the sentence
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false, // " guys" keeps its leading space
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
});

export function parseSrv3Captions(payload: string): TranscriptSegment[] {
  let nodes: OrderedNode[];
  try {
    nodes = parser.parse(payload) as OrderedNode[];
  } catch {
    throw new CaptionFormatError('srv3', 'payload is not XML');
  }

  const timedtext = findChild(nodes, 'timedtext');
  if (timedtext) {
    const body = findChild(timedtext, 'body') ?? timedtext;
    return collect(body, 'p', (attributes) => ({
      start: toNumber(attributes.t) / 1000,
      duration: toNumber(attributes.d) / 1000,
    }));
  }
  const transcript = findChild(nodes, 'transcript');
  if (transcript) {
    return collect(transcript, 'text', (attributes) => ({
      start: toNumber(attributes.start),
      duration: toNumber(attributes.dur),
    }));
  }
  throw new CaptionFormatError('srv3', 'no <timedtext> or <transcript> root');
}

function collect(
  children: OrderedNode[],
  cueTag: string,
  timing: (attributes: Record<string, string>) => { start: number; duration: number },
): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  for (const node of children) {
    const content = node[cueTag];
    if (!Array.isArray(content)) continue;
    const { start, duration } = timing(node[':@'] ?? {});
    const segment = captionSegment(start, duration, textOf(content as OrderedNode[]));
    if (segment) segments.push(segment);
  }
  return segments;
}

/** All text under a node in document order; <br/> counts as a space. */
function textOf(children: OrderedNode[]): string {
  let text = '';
  for (const child of children) {
    for (const [key, value] of Object.entries(child)) {
      if (key === ':@') continue;
      if (key === '#text') text += String(value);
      else if (key === 'br') text += ' ';
      else if (Array.isArray(value)) text += textOf(value as OrderedNode[]);
    }
  }
  return text;
}

function findChild(nodes: OrderedNode[], tag: string): OrderedNode[] | undefined {
  for (const node of nodes) {
    const value = node[tag];
    if (Array.isArray(value)) return value as OrderedNode[];
  }
  return undefined;
}

function toNumber(value: string | undefined): number {
  const n = value === undefined ? NaN : Number(value);
  return Number.isFinite(n) ? n : 0;
}
