/** Addresses in the configuration: refused at start-up, naming the variable, when they cannot work. */
import { ConfigError, loadConfig } from '../../src/config';

test.each([
  ['YOUTUBE_BASE_URL', 'ftp://youtube.example'],
  ['PUBLIC_BASE_URL', 'file:///srv/video-digest'],
  ['LLM_BASE_URL', 'javascript:alert(1)'],
  ['STT_BASE_URL', 'mailto:stt@example.com'],
])('%s=%s is refused: every configured address is reached over HTTP', (name, value) => {
  expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: must be an http:// or https:// URL`));
});

test.each([':::', 'temporal.internal', 'temporal.internal:port', 'http://temporal:7233'])('TEMPORAL_ADDRESS=%s is refused: it is host:port', (value) => {
  expect(() => loadConfig({ TEMPORAL_ADDRESS: value })).toThrow(/TEMPORAL_ADDRESS: must be host:port/);
});

test('while the addresses deployments use are taken as they are', () => {
  const config = loadConfig({
    YOUTUBE_BASE_URL: 'http://127.0.0.1:4567',
    PUBLIC_BASE_URL: 'https://digest.example.com',
    TEMPORAL_ADDRESS: 'temporal-frontend.temporal.svc.cluster.local:7233',
  });
  expect(config).toMatchObject({ youtube: { baseUrl: 'http://127.0.0.1:4567' }, temporal: { address: 'temporal-frontend.temporal.svc.cluster.local:7233' } });
  expect(loadConfig({ TEMPORAL_ADDRESS: '[::1]:7233' }).temporal.address).toBe('[::1]:7233');
  expect(loadConfig({ TEMPORAL_ADDRESS: '10.0.0.5:7233' }).temporal.address).toBe('10.0.0.5:7233');
});
