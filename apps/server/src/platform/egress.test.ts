import http from 'node:http';
import type dns from 'node:dns';
import type { AddressInfo } from 'node:net';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { egressDispatcher, isPrivateAddress, publicOnlyLookup } from './egress.js';

describe('isPrivateAddress', () => {
  it('refuses loopback, private, link-local, shared, multicast and reserved addresses, v4 and v6, and passes public ones', () => {
    for (const ip of ['127.0.0.1', '127.1.2.3', '10.0.0.5', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '198.18.0.1', '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.1.2.3', 'not-an-ip']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '203.0.114.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });
});

describe('publicOnlyLookup', () => {
  // A resolver standing in for DNS, which lies outside the product.
  const resolver = (answers: Record<string, dns.LookupAddress[]>) =>
    ((host: string, _o: unknown, cb: (e: Error | null, a: dns.LookupAddress[]) => void) => cb(null, answers[host] ?? [])) as unknown as typeof dns.lookup;
  const lookup = publicOnlyLookup(
    resolver({
      'hooks.example.com': [{ address: '203.0.114.7', family: 4 }],
      'rebind.example.com': [
        { address: '203.0.114.8', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    }),
  );
  const ask = (host: string, all: boolean) =>
    new Promise<{ err: Error | null; address: unknown }>((resolve) => lookup(host, { all }, (err, address) => resolve({ err, address })));

  it('answers a name whose every address is public, and refuses one with any private address', async () => {
    expect(await ask('hooks.example.com', false)).toEqual({ err: null, address: '203.0.114.7' });
    expect((await ask('hooks.example.com', true)).address).toEqual([{ address: '203.0.114.7', family: 4 }]);
    const refused = await ask('rebind.example.com', false);
    expect(refused.err?.message).toBe('rebind.example.com resolves to 127.0.0.1, a private address: the portal calls only addresses on the internet');
    expect((await ask('nowhere.example.com', false)).err).not.toBeNull();
  });
});

describe('egressDispatcher', () => {
  let server: http.Server;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      hits++;
      res.writeHead(204).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('in production, does not connect to a name that resolves to this machine; outside production, does', async () => {
    const url = `http://localhost:${(server.address() as AddressInfo).port}/hook`;
    const refused = await fetch(url, { method: 'POST', body: '{}', dispatcher: egressDispatcher(true) }).then(
      () => null,
      (e: Error) => e,
    );
    expect(((refused?.cause as Error | undefined)?.message ?? '')).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a private address/);
    expect(hits).toBe(0);
    const res = await fetch(url, { method: 'POST', body: '{}', dispatcher: egressDispatcher(false) });
    expect(res.status).toBe(204);
    expect(hits).toBe(1);
  });
});
