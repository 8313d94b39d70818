import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where deliveries may go. Receivers are partner URLs: loopback, private, link-local (cloud
 * metadata at 169.254.169.254 included), carrier-grade NAT, multicast and reserved addresses
 * are refused unless `allowPrivateNetworks` (tests, on-premises). The check runs when a URL is
 * saved and again on every connection, after DNS resolution, so a name that later resolves
 * somewhere internal (DNS rebinding) is still refused.
 */
export interface DestinationPolicy {
  allowPrivateNetworks: boolean;
  /** https only (production). */
  requireHttps: boolean;
}

const SAVE_LOOKUP_TIMEOUT_MS = 2_000;

/** How names are resolved: the system resolver, or (in tests) a fixed table standing in for a rebinding DNS server. */
export type Resolver = (hostname: string, options: dns.LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;

export class DestinationRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DestinationRefusedError';
  }
}

/** True for addresses on the public internet (ipaddr.js range `unicast`); IPv4-mapped IPv6 is judged as IPv4. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    // IPv4-compatible addresses (::a.b.c.d, deprecated) carry an IPv4 address ipaddr.js calls unicast.
    else if (v6.parts.slice(0, 6).every((part) => part === 0)) return false;
  }
  return parsed.range() === 'unicast';
}

/** The host as resolvers see it: no IPv6 brackets, no trailing dot (`localhost.` is `localhost`). */
function hostOf(url: URL): string {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return host.replace(/\.+$/, '');
}

/** What is wrong with a receiver URL before any lookup (scheme, literal address), or null. */
export function urlProblem(raw: string, policy: DestinationPolicy): string | null {
  if (raw !== raw.trim()) return 'must not start or end with spaces';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute http(s) URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an absolute http(s) URL';
  if (policy.requireHttps && url.protocol !== 'https:') return 'must be an https URL';
  if (url.username || url.password) return 'must not carry credentials';
  const host = hostOf(url);
  if (!policy.allowPrivateNetworks) {
    if (net.isIP(host) !== 0 && !isPublicAddress(host)) return 'must not point at a loopback, private, link-local or reserved address';
    if (host === 'localhost' || host.endsWith('.localhost')) return 'must not point at a loopback, private, link-local or reserved address';
  }
  return null;
}

/**
 * The save-time check: the URL's own problems, then its name resolved. A name that does not
 * resolve now is accepted (the receiver may not be published yet); the connect-time check
 * still guards every request.
 */
export async function destinationProblem(raw: string, policy: DestinationPolicy, resolve: Resolver = dns.lookup): Promise<string | null> {
  const problem = urlProblem(raw, policy);
  if (problem || policy.allowPrivateNetworks) return problem;
  const host = hostOf(new URL(raw));
  if (net.isIP(host) !== 0) return null;
  const addresses = await Promise.race([
    new Promise<dns.LookupAddress[]>((done) => resolve(host, { all: true }, (error, addresses) => done(error ? [] : addresses))),
    // A resolver that does not answer must not hold a request: the connect-time check remains.
    new Promise<dns.LookupAddress[]>((resolve) => setTimeout(() => resolve([]), SAVE_LOOKUP_TIMEOUT_MS).unref()),
  ]);
  return addresses.some(({ address }) => !isPublicAddress(address)) ? 'must not resolve to a loopback, private, link-local or reserved address' : null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;


/**
 * A `lookup` for the HTTP client's sockets that refuses non-public answers: the check happens on
 * the very addresses the socket connects to.
 */
export function guardedLookup(policy: DestinationPolicy, resolve: Resolver = dns.lookup) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const allowed = policy.allowPrivateNetworks ? addresses : addresses.filter(({ address }) => isPublicAddress(address));
      if (allowed.length === 0) {
        return callback(Object.assign(new DestinationRefusedError(`${hostname} resolves only to non-public addresses`), { code: 'EDESTINATIONREFUSED' }), []);
      }
      if (options.all) return callback(null, allowed);
      return callback(null, allowed[0].address, allowed[0].family);
    });
  };
}
