import { arrayAt, at, stringAt, textAt } from './player-response';

/**
 * What a player response's playabilityStatus says about our chances.
 *
 * - playable: go ahead.
 * - unavailable + final: a property of the video (removed, private, members-only, not yet
 *   live); every client will say the same, so stop asking.
 * - unavailable, not final: the refusal may belong to this client (an age gate some clients
 *   skip, "not available on this app"); another client may still play it. An age gate's
 *   reason always says "age-restricted", however YouTube worded it.
 * - blocked: YouTube doubts we are a person; another client may be let through.
 */
export type PlayabilityVerdict =
  | { kind: 'playable' }
  | { kind: 'unavailable'; final: boolean; reason: string }
  | { kind: 'blocked'; reason: string };

export function judgePlayability(playerResponse: unknown): PlayabilityVerdict {
  const status = stringAt(playerResponse, 'playabilityStatus', 'status');
  const reason = readReason(playerResponse);
  const said = normalise(`${reason} ${subreason(playerResponse)}`);

  if (status === 'OK') return { kind: 'playable' };
  if (status === undefined) {
    return { kind: 'unavailable', final: false, reason: 'YouTube returned no playability status' };
  }

  if (isBotCheck(said)) return { kind: 'blocked', reason: reason || 'YouTube asked us to confirm we are not a bot' };
  if (status !== 'ERROR' && isAgeGate(playerResponse, status, said)) {
    // Not final: some clients are let past an age gate that stops others.
    return { kind: 'unavailable', final: false, reason: ageRestricted(reason) };
  }

  switch (status) {
    case 'ERROR':
      return { kind: 'unavailable', final: true, reason: reason || 'Video unavailable' };
    case 'LOGIN_REQUIRED':
      if (said.includes('private')) return { kind: 'unavailable', final: true, reason: reason || 'This video is private' };
      return { kind: 'unavailable', final: false, reason: reason || 'Sign-in required' };
    case 'UNPLAYABLE':
      return { kind: 'unavailable', final: isMembersOnly(said), reason: reason || 'Video unplayable' };
    case 'LIVE_STREAM_OFFLINE':
      return { kind: 'unavailable', final: true, reason: reason || 'This live stream has not started' };
    default:
      // CONTENT_CHECK_REQUIRED and the like: maybe another client fares better.
      return { kind: 'unavailable', final: false, reason: reason || `Video not playable (${status})` };
  }
}

/** "Sign in to confirm you’re not a bot": matched loosely, the apostrophe is often curly. */
function isBotCheck(said: string): boolean {
  return /\bnot a (?:bot|robot)\b/.test(said);
}

/**
 * YouTube words its age gate in several ways ("Sign in to confirm your age", "This video may be
 * inappropriate for some users.", a bare sign-in dialog with the web's legacy age-gate flag),
 * and some clients send a status of its own.
 */
function isAgeGate(playerResponse: unknown, status: string, said: string): boolean {
  if (status === 'AGE_CHECK_REQUIRED' || status === 'AGE_VERIFICATION_REQUIRED') return true;
  if (at(playerResponse, 'playabilityStatus', 'desktopLegacyAgeGateReason')) return true;
  return /\bconfirm your age\b|\binappropriate for some users\b|\bage[- ]restricted\b/.test(said);
}

/** Names the age restriction, whatever words YouTube chose, and keeps YouTube's own. */
function ageRestricted(reason: string): string {
  const own = reason.replace(/\s+/g, ' ').trim();
  return own ? `This video is age-restricted (YouTube says: "${own}")` : 'This video is age-restricted';
}

function isMembersOnly(said: string): boolean {
  return said.includes('members') || said.includes('join this channel');
}

/**
 * The error screen is a playerErrorMessageRenderer (reason, subreason) or, for some refusals,
 * a confirmDialogRenderer (title, dialogMessages, and a "Sign in" button).
 */
function readReason(playerResponse: unknown): string {
  return (
    stringAt(playerResponse, 'playabilityStatus', 'reason') ??
    textAt(playerResponse, 'playabilityStatus', 'errorScreen', 'playerErrorMessageRenderer', 'reason') ??
    textAt(playerResponse, 'playabilityStatus', 'errorScreen', 'confirmDialogRenderer', 'dialogMessages', 0) ??
    textAt(playerResponse, 'playabilityStatus', 'errorScreen', 'confirmDialogRenderer', 'title') ??
    ''
  ).trim();
}

function subreason(playerResponse: unknown): string {
  const dialog = at(playerResponse, 'playabilityStatus', 'errorScreen', 'confirmDialogRenderer');
  const dialogText = [textAt(dialog, 'title'), ...arrayAt(dialog, 'dialogMessages').map((message) => textAt(message))]
    .filter((text): text is string => text !== undefined)
    .join(' ');
  return (
    textAt(playerResponse, 'playabilityStatus', 'errorScreen', 'playerErrorMessageRenderer', 'subreason') ??
    stringAt(at(playerResponse, 'playabilityStatus', 'messages'), 0) ??
    dialogText
  );
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'")
    .replace(/\s+/g, ' ');
}
