/**
 * The proxy pool: proxies stored in Postgres, managed under /api/v1/proxies, used by the YouTube
 * client per use_proxy (src/youtube/routing.ts has the policy).
 */
export { ProxyPool, createProxyPool, DEFAULT_PROXY_COOLDOWN, type ProxyPoolOptions } from './pool';
export { parseProxyUrl, maskedProxyUrl, PROXY_SCHEMES, type ParsedProxyUrl } from './proxy-url';
export { proxyRecord, proxyState, type ProxyState } from './api-views';
export { testProxy, type ProxyTestResult } from './tester';
export { createProxyAgent, fetchThrough } from './transport';
