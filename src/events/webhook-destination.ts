import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

// Destinations a webhook must never reach unless explicitly allowed: the
// host itself, the private networks behind it and cloud metadata endpoints.
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True for loopback, private, link-local, CGNAT, multicast and reserved addresses (v4, v6, v4-mapped v6). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true; // not an address at all: refuse rather than guess
}

/** Thrown when a destination resolves to an address webhooks may not reach. */
export class BlockedDestinationError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`Destination ${host} resolves to ${address}, a private, loopback or link-local address; refused.`);
    this.name = 'BlockedDestinationError';
  }
}

/**
 * A `lookup` for `http.request` that resolves the name and refuses it when
 * any address is private, so the check applies to the address actually
 * connected to (no DNS-rebinding gap between check and connect).
 */
export function guardedLookup(
  hostname: string,
  options: { family?: number | string; all?: boolean },
  callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  dnsLookup(hostname, { ...options, all: true } as { all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new BlockedDestinationError(hostname, bad.address) as NodeJS.ErrnoException, []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    callback(null, first.address, first.family);
  });
}

/** Refuses a URL whose host is itself a private address literal (those skip DNS). */
export function assertLiteralHostAllowed(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isPrivateAddress(host)) throw new BlockedDestinationError(url.hostname, host);
  if (host === 'localhost' || host.endsWith('.localhost')) throw new BlockedDestinationError(url.hostname, '127.0.0.1');
}
