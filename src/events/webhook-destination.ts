import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

// Destinations a webhook must never reach unless explicitly allowed: the
// host itself, the private networks behind it and cloud metadata endpoints.
const blockedV4 = new BlockList();
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
  blockedV4.addSubnet(net, prefix, 'ipv4');
}
const blockedV6 = new BlockList();
for (const [net, prefix] of [
  // IPv4-compatible (deprecated, RFC 4291), which holds :: and ::1 too.
  ['::', 96],
  ['100::', 64], // discard-only
  ['64:ff9b::', 96], // NAT64, well-known prefix: reaches whatever IPv4 it embeds
  ['64:ff9b:1::', 48], // NAT64, local-use prefix
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(net, prefix, 'ipv6');
}

/**
 * The eight 16-bit groups of an IPv6 address. The WHATWG URL parser does the
 * parsing (every textual form: `::` anywhere, a dotted IPv4 tail, any letter
 * case) and prints the canonical hex form, which is then expanded. Null when
 * the text is not an IPv6 address (a zone id such as `%eth0` included).
 */
function ipv6Groups(address: string): number[] | null {
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head, tail] = canonical.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 addresses an IPv6 address carries and that a packet to it may end
 * up at: IPv4-mapped (`::ffff:a.b.c.d`), IPv4-translated (`::ffff:0:a.b.c.d`),
 * 6to4 (`2002:AABB:CCDD::/48`) and Teredo (server, and the client address
 * stored inverted). IPv4-compatible and NAT64 ranges are refused whole.
 */
function embeddedIpv4(g: number[]): string[] {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return [v4(g[6], g[7])];
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return [v4(g[6], g[7])];
  if (g[0] === 0x2002) return [v4(g[1], g[2])];
  if (g[0] === 0x2001 && g[1] === 0) return [v4(g[2], g[3]), v4(g[6] ^ 0xffff, g[7] ^ 0xffff)];
  return [];
}

/**
 * True for loopback, private, link-local, CGNAT, multicast and reserved
 * addresses, IPv4 or IPv6, including IPv6 forms that embed such an IPv4
 * address. Anything that does not parse as an address is refused too.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blockedV4.check(address, 'ipv4');
  const groups = ipv6Groups(address.replace(/%.*$/, ''));
  if (!groups) return true; // not an address at all: refuse rather than guess
  const canonical = groups.map((x) => x.toString(16)).join(':');
  return blockedV6.check(canonical, 'ipv6') || embeddedIpv4(groups).some((a) => blockedV4.check(a, 'ipv4'));
}

/**
 * True for names that mean this host whatever DNS says: `localhost` and
 * `*.localhost` (RFC 6761), in any letter case, with or without the
 * trailing dot of a fully qualified name.
 */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
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

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type Resolver = (hostname: string, options: { all: true }, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A `lookup` for `http.request` that resolves the name and refuses it when
 * any address is private, so the check applies to the address actually
 * connected to (no DNS-rebinding gap between check and connect). `resolve`
 * is the system resolver; tests hand in their own answers.
 */
export function guardedLookup(
  hostname: string,
  options: { family?: number | string; all?: boolean },
  callback: LookupCallback,
  resolve: Resolver = dnsLookup as unknown as Resolver,
): void {
  if (isLoopbackName(hostname)) {
    return callback(new BlockedDestinationError(hostname, 'loopback') as NodeJS.ErrnoException, []);
  }
  resolve(hostname, { ...options, all: true } as { all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new BlockedDestinationError(hostname, bad.address) as NodeJS.ErrnoException, []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    callback(null, first.address, first.family);
  });
}

/**
 * Refuses a URL whose host is a private address literal (those skip DNS) or
 * a loopback name. Runs when a subscription is saved and again before each
 * delivery, where `guardedLookup` then checks what the name resolves to.
 */
export function assertLiteralHostAllowed(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isPrivateAddress(host)) throw new BlockedDestinationError(url.hostname, host);
  if (isLoopbackName(host)) throw new BlockedDestinationError(url.hostname, 'loopback');
}
