import type { FakeCue } from './model';

/**
 * Caption payloads in the forms timedtext serves them. Automatic captions come with per-word
 * timing and the rolling two-line layout; creator captions as plain cues. Text escaping copies
 * YouTube's: XML formats double-encode (the stored text is HTML-escaped, then XML-escaped
 * again, so an apostrophe arrives as &amp;#39;), WebVTT escapes &, < and >.
 */

export interface CaptionDocument {
  cues: readonly FakeCue[];
  automatic: boolean;
  languageCode: string;
}

/** A rolled line stays up until the line after it has been spoken. */
function displayEnd(cues: readonly FakeCue[], i: number): number {
  const cue = cues[i]!;
  const next = cues[i + 1];
  return next ? next.startMs + next.durationMs : cue.startMs + cue.durationMs;
}

interface TimedWord {
  offsetMs: number;
  word: string;
}

function timedWords(cue: FakeCue): TimedWord[] {
  const words = cue.text.split(/\s+/).filter(Boolean);
  return words.map((word, i) => ({ offsetMs: Math.round((i * cue.durationMs) / words.length), word }));
}

// ---------------------------------------------------------------- json3

export function renderJson3(doc: CaptionDocument): string {
  const events: unknown[] = [];
  const last = doc.cues[doc.cues.length - 1];
  const totalMs = last ? last.startMs + last.durationMs : 0;

  if (doc.automatic) {
    events.push({ tStartMs: 0, dDurationMs: totalMs, id: 1, wpWinPosId: 1, wsWinStyleId: 1 });
    doc.cues.forEach((cue, i) => {
      const end = displayEnd(doc.cues, i);
      events.push({
        tStartMs: cue.startMs,
        dDurationMs: end - cue.startMs,
        wWinId: 1,
        segs: timedWords(cue).map(({ offsetMs, word }, w) =>
          w === 0 ? { utf8: word, acAsrConf: 0 } : { utf8: ` ${word}`, tOffsetMs: offsetMs, acAsrConf: 0 },
        ),
      });
      if (i < doc.cues.length - 1) {
        const breakAt = cue.startMs + cue.durationMs - 10;
        events.push({ tStartMs: breakAt, dDurationMs: end - breakAt, wWinId: 1, aAppend: 1, segs: [{ utf8: '\n' }] });
      }
    });
    return JSON.stringify({
      wireMagic: 'pb3',
      pens: [{}],
      wsWinStyles: [{}, { mhModeHint: 2, juJustifCode: 0, sdScrollDir: 3 }],
      wpWinPositions: [{}, { apPoint: 6, ahHorPos: 20, avVerPos: 100, rcRows: 2, ccCols: 40 }],
      events,
    });
  }

  for (const cue of doc.cues) {
    events.push({ tStartMs: cue.startMs, dDurationMs: cue.durationMs, segs: [{ utf8: cue.text }] });
  }
  return JSON.stringify({ wireMagic: 'pb3', pens: [{}], wsWinStyles: [{}], wpWinPositions: [{}], events });
}

// ---------------------------------------------------------------- srv3

export function renderSrv3(doc: CaptionDocument): string {
  const out: string[] = ['<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">\n'];
  if (doc.automatic) {
    out.push('<head>\n<ws id="0"/>\n<ws id="1" mh="2" ju="0" sd="3"/>\n<wp id="0"/>\n');
    out.push('<wp id="1" ap="6" ah="20" av="100" rc="2" cc="40"/>\n</head>\n<body>\n');
    out.push('<w t="0" id="1" wp="1" ws="1"/>\n');
    doc.cues.forEach((cue, i) => {
      const end = displayEnd(doc.cues, i);
      const runs = timedWords(cue)
        .map(({ offsetMs, word }, w) =>
          w === 0 ? `<s ac="0">${xmlText(word)}</s>` : `<s t="${offsetMs}" ac="0"> ${xmlText(word)}</s>`,
        )
        .join('');
      out.push(`<p t="${cue.startMs}" d="${end - cue.startMs}" w="1">${runs}</p>\n`);
      if (i < doc.cues.length - 1) {
        const breakAt = cue.startMs + cue.durationMs - 10;
        out.push(`<p t="${breakAt}" d="${end - breakAt}" w="1" a="1">\n</p>\n`);
      }
    });
  } else {
    out.push('<body>\n');
    for (const cue of doc.cues) out.push(`<p t="${cue.startMs}" d="${cue.durationMs}">${xmlText(cue.text)}</p>\n`);
  }
  out.push('</body>\n</timedtext>\n');
  return out.join('');
}

/** What timedtext answers when no fmt is asked for. */
export function renderSrv1(doc: CaptionDocument): string {
  const out: string[] = ['<?xml version="1.0" encoding="utf-8" ?><transcript>'];
  for (const cue of doc.cues) {
    out.push(`<text start="${seconds(cue.startMs)}" dur="${seconds(cue.durationMs)}">${xmlText(cue.text)}</text>`);
  }
  out.push('</transcript>');
  return out.join('');
}

// ---------------------------------------------------------------- WebVTT

export function renderVtt(doc: CaptionDocument): string {
  const out: string[] = [`WEBVTT\nKind: captions\nLanguage: ${doc.languageCode}\n\n`];
  if (doc.automatic) {
    let previousLine = ' ';
    doc.cues.forEach((cue) => {
      const spokenEnd = cue.startMs + cue.durationMs;
      const inline = timedWords(cue)
        .map(({ offsetMs, word }, w) =>
          w === 0 ? vttText(word) : `<${vttTime(cue.startMs + offsetMs)}><c> ${vttText(word)}</c>`,
        )
        .join('');
      out.push(`${vttTime(cue.startMs)} --> ${vttTime(spokenEnd - 10)} align:start position:0%\n`);
      out.push(`${previousLine}\n${inline}\n\n`);
      out.push(`${vttTime(spokenEnd - 10)} --> ${vttTime(spokenEnd)} align:start position:0%\n`);
      out.push(`${vttText(cue.text)}\n \n\n`);
      previousLine = vttText(cue.text);
    });
  } else {
    for (const cue of doc.cues) {
      out.push(`${vttTime(cue.startMs)} --> ${vttTime(cue.startMs + cue.durationMs)}\n${vttText(cue.text)}\n\n`);
    }
  }
  return out.join('');
}

// ---------------------------------------------------------------- escaping and time

function htmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function xmlText(text: string): string {
  return htmlEscape(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function vttText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function vttTime(ms: number): string {
  const clamped = Math.max(0, Math.round(ms));
  const h = Math.floor(clamped / 3_600_000);
  const m = Math.floor((clamped % 3_600_000) / 60_000);
  const s = Math.floor((clamped % 60_000) / 1000);
  const milli = clamped % 1000;
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}.${pad(milli, 3)}`;
}

function seconds(ms: number): string {
  return String(Math.round(ms) / 1000);
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
