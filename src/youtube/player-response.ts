/**
 * Reading InnerTube player responses. They arrive as loosely shaped JSON that differs between
 * clients and changes without notice, so every read is defensive: a missing or mistyped field
 * reads as undefined rather than throwing.
 */

/** The value at a path of object keys / array indexes, or undefined. */
export function at(value: unknown, ...path: Array<string | number>): unknown {
  let current: unknown = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

export function stringAt(value: unknown, ...path: Array<string | number>): string | undefined {
  const found = at(value, ...path);
  return typeof found === 'string' ? found : undefined;
}

export function arrayAt(value: unknown, ...path: Array<string | number>): unknown[] {
  const found = at(value, ...path);
  return Array.isArray(found) ? found : [];
}

/** Integers arrive as numbers or as decimal strings ("lengthSeconds": "316"). */
export function integerAt(value: unknown, ...path: Array<string | number>): number | undefined {
  const found = at(value, ...path);
  const n = typeof found === 'number' ? found : typeof found === 'string' && /^\s*-?\d+\s*$/.test(found) ? Number(found) : NaN;
  return Number.isSafeInteger(n) ? n : undefined;
}

export function booleanAt(value: unknown, ...path: Array<string | number>): boolean | undefined {
  const found = at(value, ...path);
  return typeof found === 'boolean' ? found : undefined;
}

/** InnerTube text comes as {simpleText} or as {runs: [{text}, ...]}. */
export function textAt(value: unknown, ...path: Array<string | number>): string | undefined {
  const node = at(value, ...path);
  const simple = stringAt(node, 'simpleText');
  if (simple !== undefined) return simple;
  const runs = arrayAt(node, 'runs');
  if (runs.length === 0) return undefined;
  return runs.map((run) => stringAt(run, 'text') ?? '').join('');
}

/** True when the response is for the video we asked about (YouTube occasionally swaps them). */
export function isResponseFor(playerResponse: unknown, videoId: string): boolean {
  const reported = stringAt(playerResponse, 'videoDetails', 'videoId');
  return reported === undefined || reported === videoId;
}
