/**
 * Pulls the JSON objects YouTube embeds in its watch page scripts:
 *   var ytInitialPlayerResponse = {...};
 *   ytcfg.set({...});
 * The objects are found by balancing braces (outside string literals) rather than by looking
 * for "};", which also occurs inside the JSON's own strings.
 */

/** The object literal that starts at `text[start]` (which must be "{"), or null. */
export function objectLiteralAt(text: string, start: number): string | null {
  if (text[start] !== '{') return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

/** The first `name = {...}` assignment's object, parsed; null when absent or not JSON. */
export function extractAssignedObject(html: string, name: string): unknown {
  const pattern = new RegExp(String.raw`\b${name}\s*=\s*\{`, 'g');
  for (const match of html.matchAll(pattern)) {
    const literal = objectLiteralAt(html, match.index + match[0].length - 1);
    const parsed = literal === null ? undefined : tryParse(literal);
    if (parsed !== undefined) return parsed;
  }
  return null;
}

/** Every `ytcfg.set({...})` merged in page order; calls whose argument is not JSON are skipped. */
export function extractYtcfg(html: string): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const match of html.matchAll(/ytcfg\.set\s*\(\s*\{/g)) {
    const literal = objectLiteralAt(html, match.index + match[0].length - 1);
    const parsed = literal === null ? undefined : tryParse(literal);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) Object.assign(merged, parsed);
  }
  return merged;
}

function tryParse(literal: string): unknown {
  try {
    return JSON.parse(literal) as unknown;
  } catch {
    return undefined;
  }
}
