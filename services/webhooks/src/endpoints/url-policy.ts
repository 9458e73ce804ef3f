import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError, validationFailed } from '@crm/kit';

export const MAX_URL_LENGTH = 2048;

// Addresses a webhook may never reach (SSRF): this machine, private networks, link-local (cloud
// metadata at 169.254.169.254 and fd00:ec2::254 included), carrier-grade NAT, multicast, reserved
// and unspecified ranges. Checked when an endpoint is saved; the delivery agent checks the address
// it actually connects to again (request-filtering-agent), so a name that later resolves to one
// of these is refused too.
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

// IPv4 written as IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is.
function normalise(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isBlockedAddress(address: string, allowLoopback: boolean): boolean {
  const { address: plain, family } = normalise(address);
  if (allowLoopback && LOOPBACK.check(plain, family)) return false;
  return BLOCKED.check(plain, family);
}

export interface UrlPolicy {
  allowInsecureUrls: boolean;
  resolve?: (host: string) => Promise<string[]>;
}

const resolveAll = async (host: string) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

const refused = (message: string) => new AppError('validation_failed', `url ${message}`);

// One answer for every host that is not public, and for a name that does not resolve: naming the
// address (or telling an internal name from an unknown one) would let a caller map the networks
// this service can see.
export const NOT_PUBLIC_MESSAGE = 'must name a host that resolves only to public addresses';

// Checks an endpoint address: https (http too when insecure URLs are allowed), no credentials in
// it, and a host that resolves only to public addresses. Returns the normalised URL.
export async function checkEndpointUrl(raw: string, policy: UrlPolicy): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('must be an absolute URL');
  }
  const allowed = policy.allowInsecureUrls ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(url.protocol))
    throw refused(policy.allowInsecureUrls ? 'must use https or http' : 'must use https');
  if (url.username || url.password)
    throw refused('must not contain credentials; authenticate deliveries by their signature');
  if (url.hash) throw refused('must not contain a fragment');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (policy.resolve ?? resolveAll)(host);
    } catch {
      addresses = [];
    }
  }
  if (addresses.length === 0 || addresses.some((address) => isBlockedAddress(address, policy.allowInsecureUrls)))
    throw refused(NOT_PUBLIC_MESSAGE);
  const normalised = url.toString();
  if (normalised.length > MAX_URL_LENGTH) throw validationFailed(`url must be at most ${MAX_URL_LENGTH} characters`);
  return normalised;
}
