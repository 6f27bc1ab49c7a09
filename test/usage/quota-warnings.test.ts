/** The quota warnings of GET /api/v1/usage/limits: judged on the counts, at the marks the email notices use. */
import { quotaWarnings } from '../../src/usage/limit-rules';
import type { QuotaState } from '../../src/usage/quota-figures';
import { quotaWarningDue } from '../../src/notifications/quota-warnings';
import { round } from '../../src/usage/rounding';

function quota(used: number, limit: number): QuotaState {
  return {
    plan: 'pro',
    start: new Date('2026-11-01T00:00:00.000Z'),
    resetAt: new Date('2026-12-01T00:00:00.000Z'),
    used,
    limit,
    remaining: Math.max(0, limit - used),
    percentUsed: round((used / limit) * 100),
  };
}

const codes = (used: number, limit: number) => quotaWarnings(quota(used, limit)).map((warning) => warning.code);

test('a quota with a video left is not used up, though its percent rounds to 100', () => {
  expect(quota(20_000, 20_001).percentUsed).toBe(100);
  expect(codes(20_000, 20_001)).toEqual(['QUOTA_80']);
  expect(codes(20_001, 20_001)).toEqual(['QUOTA_100']);
});

test('80% is reached at 80% of the videos, not a video before it', () => {
  expect(codes(4003, 5004)).toEqual([]); // 79.996%, rounds to 80.00
  expect(codes(4004, 5004)).toEqual(['QUOTA_80']);
});

test('the endpoint and the email notices agree on every count', () => {
  for (const limit of [1, 5, 10, 15, 99, 5004, 20_001]) {
    for (let used = 0; used <= limit; used++) {
      const notice = quotaWarningDue(used, limit);
      const expected = notice === 'quota_warning_100' ? ['QUOTA_100'] : notice === 'quota_warning_80' ? ['QUOTA_80'] : [];
      expect([used, limit, codes(used, limit)]).toEqual([used, limit, expected]);
    }
  }
});
