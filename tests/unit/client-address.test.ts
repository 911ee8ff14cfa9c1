// Per-address limits count an IPv4 client by its address and an IPv6 client by its /64.
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../src/domain/client-address.ts';

describe('addressKey', () => {
  it.each([
    ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff'],
    ['2001:db8:1:2:aaaa::', '2001:0db8:0001:0002:0000:0000:0000:0042'],
    ['2001:DB8:1:2::1', '2001:db8:1:2::2'],
    ['fe80::1%eth0', 'fe80::2'],
    ['::ffff:1.2.3.4', '1.2.3.4'],
    ['::ffff:102:304', '1.2.3.4'],
    [' 198.51.100.7 ', '198.51.100.7'],
  ])('%s and %s share a key', (a, b) => {
    expect(addressKey(a)).toBe(addressKey(b));
  });

  it.each([
    ['2001:db8:1:2::1', '2001:db8:1:3::1'],
    ['2001:db8:1:2::1', '2001:db9:1:2::1'],
    ['1.2.3.4', '1.2.3.5'],
    ['::ffff:1.2.3.4', '::ffff:1.2.3.5'],
    ['1.2.3.4', '::1.2.3.4:0:0'],
  ])('%s and %s do not', (a, b) => {
    expect(addressKey(a)).not.toBe(addressKey(b));
  });

  it.each([
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['::ffff:1.2.3.4', '1.2.3.4'],
    ['1.2.3.4', '1.2.3.4'],
    ['::1', '::/64'],
    ['not an address', 'not an address'],
  ])('names %s as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});
