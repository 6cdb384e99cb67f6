/**
 * Calls to addresses an employer chose (webhook endpoints, issue 26, decision 0045) reach the
 * internet only. An address is checked as written when it is saved, but a host name may resolve to
 * a private address (or be made to later: DNS rebinding), so in production every connection's own
 * lookup is checked too: a name that resolves to a loopback, private, link-local, shared or
 * multicast address is not connected to, whatever it resolved to when it was saved.
 */
import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent } from 'undici';

const V4_BLOCKS: [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8 "this network"
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 shared (carrier-grade NAT)
  [0x7f000000, 8], // 127/8 loopback
  [0xa9fe0000, 16], // 169.254/16 link-local (cloud metadata)
  [0xac100000, 12], // 172.16/12
  [0xc0000000, 24], // 192.0.0/24 protocol assignments
  [0xc0a80000, 16], // 192.168/16
  [0xc6120000, 15], // 198.18/15 benchmarking
  [0xe0000000, 3], // 224/4 multicast and 240/4 reserved, 255.255.255.255
];

const v4Number = (ip: string): number => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);

/** True for an address a call to the internet must not reach. */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(ip) === 4) {
    const n = v4Number(ip);
    return V4_BLOCKS.some(([base, bits]) => n >>> (32 - bits) === base >>> (32 - bits));
  }
  if (isIP(ip) !== 6) return true; // not an address: nothing to connect to
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return isPrivateAddress(mapped[1]!);
  if (ip === '::' || ip === '::1') return true;
  const first = parseInt(ip.split(':')[0] || '0', 16);
  return (first & 0xfe00) === 0xfc00 /* fc00::/7 unique local */ || (first & 0xffc0) === 0xfe80 /* fe80::/10 link-local */ || (first & 0xff00) === 0xff00 /* multicast */;
}

export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private address: the portal calls only addresses on the internet`);
    this.name = 'PrivateAddressError';
  }
}

/** `dns.lookup` that refuses a name any of whose addresses is private (the connection uses one of them). */
export function publicOnlyLookup(resolve: typeof dns.lookup = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, list) => {
      if (err) return callback(err, '', 0);
      const bad = list.find((a) => isPrivateAddress(a.address));
      if (bad || list.length === 0) return callback(new PrivateAddressError(hostname, bad?.address ?? 'nothing'), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

let internetOnly: Agent | null = null;
/** The dispatcher for calls to employer-chosen addresses: in production, one that connects to public addresses only. */
export function egressDispatcher(production: boolean): Agent | undefined {
  if (!production) return undefined; // development and the tests deliver to receivers on this machine
  internetOnly ??= new Agent({ connect: { lookup: publicOnlyLookup() } });
  return internetOnly;
}
