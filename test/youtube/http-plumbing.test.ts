import { BaseUrl } from '../../src/youtube/base-url';
import { CookieJar } from '../../src/youtube/cookie-jar';
import { extractAssignedObject, extractYtcfg } from '../../src/youtube/embedded-json';
import { withQueryParams } from '../../src/youtube/timedtext';

describe('moving YouTube URLs onto the configured base', () => {
  const signed =
    'https://www.youtube.com/api/timedtext?v=GJLlxj_dtq8&ei=xp1J&caps=asr&expire=1749680182&sparams=ip,ipbits,expire,v,ei,caps&signature=1F96.7F4A&key=yt8&lang=en&fmt=srv3';

  it('keeps path and query byte for byte', () => {
    const base = new BaseUrl('http://127.0.0.1:4567');
    expect(base.rebase(signed)).toBe(signed.replace('https://www.youtube.com', 'http://127.0.0.1:4567'));
  });

  it('handles every YouTube host, protocol-relative and relative URLs', () => {
    const base = new BaseUrl('http://127.0.0.1:4567/');
    expect(base.rebase('https://m.youtube.com/watch?v=abc')).toBe('http://127.0.0.1:4567/watch?v=abc');
    expect(base.rebase('https://music.youtube.com/watch?v=abc')).toBe('http://127.0.0.1:4567/watch?v=abc');
    expect(base.rebase('https://youtubei.googleapis.com/youtubei/v1/player?key=k')).toBe('http://127.0.0.1:4567/youtubei/v1/player?key=k');
    expect(base.rebase('https://youtu.be/abcdefghijk')).toBe('http://127.0.0.1:4567/abcdefghijk');
    expect(base.rebase('//www.youtube.com/api/timedtext?lang=en')).toBe('http://127.0.0.1:4567/api/timedtext?lang=en');
    expect(base.rebase('/api/timedtext?lang=en')).toBe('http://127.0.0.1:4567/api/timedtext?lang=en');
    expect(base.rebase('https://www.youtube.com?x=1')).toBe('http://127.0.0.1:4567/?x=1');
  });

  it('keeps a path prefix of the base', () => {
    const base = new BaseUrl('https://proxy.example/yt/');
    expect(base.resolve('/watch?v=abc')).toBe('https://proxy.example/yt/watch?v=abc');
    expect(base.rebase('https://www.youtube.com/watch?v=abc')).toBe('https://proxy.example/yt/watch?v=abc');
  });

  it('refuses hosts that are not YouTube', () => {
    const base = new BaseUrl('http://127.0.0.1:4567');
    expect(base.rebase('https://evil.example/api/timedtext?lang=en')).toBeNull();
    expect(base.rebase('https://www.youtube.com.evil.example/x')).toBeNull();
    expect(base.rebase('not a url')).toBeNull();
  });

  it('rejects a base that is not an http(s) URL', () => {
    expect(() => new BaseUrl('ftp://example.com')).toThrow(TypeError);
    expect(() => new BaseUrl('youtube.com')).toThrow(TypeError);
  });
});

describe('setting caption URL parameters', () => {
  it('replaces fmt, adds tlang and leaves every other parameter untouched', () => {
    const url = 'http://h/api/timedtext?v=x&sparams=ip,ipbits,expire&signature=AB.CD&name=%E2%9C%93&fmt=srv3&lang=de';
    expect(withQueryParams(url, { fmt: 'json3', tlang: 'en' })).toBe(
      'http://h/api/timedtext?v=x&sparams=ip,ipbits,expire&signature=AB.CD&name=%E2%9C%93&lang=de&fmt=json3&tlang=en',
    );
    expect(withQueryParams('http://h/api/timedtext', { fmt: 'vtt' })).toBe('http://h/api/timedtext?fmt=vtt');
  });
});

describe('the per-call cookie jar', () => {
  it('stores Set-Cookie values, ignores attributes and forgets expired cookies', () => {
    const jar = new CookieJar();
    expect(jar.header()).toBeNull();
    jar.applySetCookie('YSC=abc123; Domain=.youtube.com; Path=/; Secure; HttpOnly; SameSite=none');
    jar.applySetCookie('VISITOR_INFO1_LIVE=v1sit; Domain=.youtube.com; Expires=Wed, 21 Oct 2099 07:28:00 GMT; Path=/');
    jar.applySetCookie('GPS=1; Max-Age=1800');
    expect(jar.header()).toBe('YSC=abc123; VISITOR_INFO1_LIVE=v1sit; GPS=1');
    jar.applySetCookie('GPS=; Max-Age=0');
    jar.applySetCookie('YSC=gone; Expires=Thu, 01 Jan 1970 00:00:00 GMT');
    expect(jar.header()).toBe('VISITOR_INFO1_LIVE=v1sit');
  });
});

describe('JSON embedded in the watch page', () => {
  it('finds the player response even when its strings contain braces and "};"', () => {
    const html =
      '<script>var ytInitialPlayerResponse = {"a":"x};y","b":{"c":"\\"{"}};var meta = document.createElement(\'meta\');</script>';
    expect(extractAssignedObject(html, 'ytInitialPlayerResponse')).toEqual({ a: 'x};y', b: { c: '"{' } });
    expect(extractAssignedObject('<p>nothing here</p>', 'ytInitialPlayerResponse')).toBeNull();
  });

  it('merges ytcfg.set calls and skips the ones that are not JSON', () => {
    const html =
      '<script>ytcfg.set({"INNERTUBE_API_KEY":"AIzaKey","VISITOR_DATA":"abc"});</script>' +
      '<script>ytcfg.set({"CSI_SERVICE_NAME": \'youtube\', "TIMING_INFO": {}})</script>' +
      '<script>ytcfg.set({"INNERTUBE_CONTEXT_CLIENT_VERSION":"2.2026"})</script>';
    expect(extractYtcfg(html)).toEqual({
      INNERTUBE_API_KEY: 'AIzaKey',
      VISITOR_DATA: 'abc',
      INNERTUBE_CONTEXT_CLIENT_VERSION: '2.2026',
    });
  });
});
