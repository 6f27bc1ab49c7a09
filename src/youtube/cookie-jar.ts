/**
 * Cookies for one client call. The watch page hands out visitor cookies (YSC,
 * VISITOR_INFO1_LIVE) that YouTube expects to see again on the requests that follow; consent
 * cookies are set here too. Every request goes to the one configured base, so domains and paths
 * are not tracked.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Applies one Set-Cookie header value; an expired or Max-Age=0 cookie is removed. */
  applySetCookie(header: string): void {
    const [pair, ...attributes] = header.split(';');
    if (!pair) return;
    const eq = pair.indexOf('=');
    if (eq <= 0) return;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (!name) return;

    if (attributes.some((attribute) => isExpiry(attribute.trim()))) {
      this.cookies.delete(name);
      return;
    }
    this.cookies.set(name, value);
  }

  /** The Cookie request header, or null when the jar is empty. */
  header(): string | null {
    if (this.cookies.size === 0) return null;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function isExpiry(attribute: string): boolean {
  const eq = attribute.indexOf('=');
  if (eq < 0) return false;
  const key = attribute.slice(0, eq).trim().toLowerCase();
  const value = attribute.slice(eq + 1).trim();
  if (key === 'max-age') return Number(value) <= 0;
  if (key === 'expires') {
    const when = Date.parse(value);
    return Number.isFinite(when) && when <= Date.now();
  }
  return false;
}
