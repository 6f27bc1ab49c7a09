/**
 * The address a failed authentication counts against (src/http/auth-failure-limit.ts): an IPv4
 * client by its address, whether the socket shows it plainly or mapped into IPv6; an IPv6 client
 * by its /64, since one host is handed a whole /64 and could otherwise rotate through it.
 */
import { clientKey } from '../../src/http/auth-failure-limit';

describe('clientKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:127.0.0.1', '127.0.0.1'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['2001:0db8:0000:0042:0000:8a2e:0370:7334', '2001:db8:0:42::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::198.51.100.7', '64:ff9b:0:0::/64'],
  ])('counts %s as %s', (address, expected) => {
    expect(clientKey(address)).toBe(expected);
  });

  it('puts every address of one IPv6 /64 together, and a neighbouring /64 apart', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
  });

  it('counts a socket without an address as one client', () => {
    expect(clientKey(undefined)).toBe('unknown');
    expect(clientKey('')).toBe('unknown');
  });
});
