/** One POST to an InnerTube endpoint (/youtubei/v1/…), with the headers the named app sends. */
import type { HttpResponse, HttpSession } from './http-session';

export interface InnertubeCaller {
  userAgent: string;
  /** The app's numeric id, as X-YouTube-Client-Name carries it. */
  clientNameId: string;
  clientVersion: string;
  /** The watch page's INNERTUBE_API_KEY; keyless requests are accepted too. */
  apiKey: string | null;
  visitorData: string | null;
}

export function postInnertube(
  session: HttpSession,
  endpoint: 'player' | 'next' | 'browse',
  caller: InnertubeCaller,
  body: unknown,
  purpose: string,
): Promise<HttpResponse> {
  const query = `${caller.apiKey ? `key=${encodeURIComponent(caller.apiKey)}&` : ''}prettyPrint=false`;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': caller.userAgent,
    'X-YouTube-Client-Name': caller.clientNameId,
    'X-YouTube-Client-Version': caller.clientVersion,
    Origin: 'https://www.youtube.com',
    'Accept-Language': 'en-US,en;q=0.9',
  };
  if (caller.visitorData) headers['X-Goog-Visitor-Id'] = caller.visitorData;
  return session.send({
    method: 'POST',
    url: session.base.resolve(`/youtubei/v1/${endpoint}?${query}`),
    headers,
    body: JSON.stringify(body),
    purpose,
  });
}
