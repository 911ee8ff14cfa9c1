// /dev/mail's gate: the loopback client address and a loopback Host header, both.
import { describe, expect, it } from 'vitest';
import { isLoopbackRequest } from '../../src/domain/loopback.ts';

describe('isLoopbackRequest', () => {
  it.each([
    ['127.0.0.1', 'localhost:4321'],
    ['127.0.0.1', '127.0.0.1:4400'],
    ['::1', '[::1]:4321'],
    ['::1', 'LOCALHOST'],
    ['::ffff:127.0.0.1', 'localhost'],
    ['127.0.0.1', '127.0.0.1'],
  ])('serves %s asking for %s', (client, host) => {
    expect(isLoopbackRequest(client, host)).toBe(true);
  });

  it.each([
    // Someone else on the network, whatever Host they send.
    ['192.168.1.20', 'localhost:4321'],
    ['10.0.0.5', '127.0.0.1:4321'],
    ['2001:db8::1', '[::1]:4321'],
    ['127.0.0.2', 'localhost'],
    [null, 'localhost:4321'],
    // This machine, but a browser reading another site's name that resolves here (DNS rebinding).
    ['127.0.0.1', 'evil.example'],
    ['127.0.0.1', 'evil.example:4321'],
    ['127.0.0.1', 'localhost.evil.example'],
    ['127.0.0.1', 'localhost:4321@evil.example'],
    ['127.0.0.1', '127.0.0.1.nip.io:4321'],
    ['127.0.0.1', '[::1].evil.example'],
    ['127.0.0.1', ''],
    ['127.0.0.1', null],
    ['::1', 'localhost:43210000'],
  ])('refuses %s asking for %s', (client, host) => {
    expect(isLoopbackRequest(client, host)).toBe(false);
  });
});
