/** The download name of an export (PDF, Markdown, a transcript file): the video title in safe ASCII, else the job id. */

const MAX_LENGTH = 100;

/**
 * `filename="…"` carries ASCII only: accents are dropped (Müller → Muller), anything else that is
 * not a letter, digit, space or . _ - ( ) becomes a space, runs collapse. A title with nothing left
 * (Cyrillic, CJK, ...) falls back to the job id. `filename*` (RFC 6266/8187) carries the full
 * Unicode title for clients that read it.
 */
export function pdfFileName(title: string | null | undefined, jobId: string): { ascii: string; unicode: string } {
  return downloadFileName(title, jobId, 'pdf');
}

/** As pdfFileName, with the file's own extension (no dot). */
export function downloadFileName(title: string | null | undefined, jobId: string, extension: string): { ascii: string; unicode: string } {
  const original = (title ?? '').replace(/[\u0000-\u001F\u007F/\\]/g, ' ').replace(/\s+/g, ' ').trim();
  const ascii = original
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9 ._()-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, MAX_LENGTH)
    .trim();
  const base = /[A-Za-z0-9]/.test(ascii) ? ascii : jobId;
  const unicodeBase = original ? Array.from(original).slice(0, MAX_LENGTH).join('').trim() : jobId;
  return { ascii: `${base}.${extension}`, unicode: `${unicodeBase}.${extension}` };
}

export function contentDisposition(title: string | null | undefined, jobId: string, extension = 'pdf'): string {
  const { ascii, unicode } = downloadFileName(title, jobId, extension);
  const header = `attachment; filename="${ascii}"`;
  if (unicode === ascii) return header;
  const encoded = encodeURIComponent(unicode).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${header}; filename*=UTF-8''${encoded}`;
}
