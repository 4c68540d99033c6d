/**
 * Downloads a provider's output file, bounded: only from the hosts the provider documents
 * (`OutputPolicy.hosts`, exact names or `*.suffix`), only over https, never to an IP literal, an
 * address inside our network (every address the name resolves to is checked at connection time,
 * so a DNS answer cannot swap in an internal one after the check), following at most a few
 * redirects and each one checked the same way, within a size and a total-time bound.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export type OutputPolicy = {
  /** Hosts outputs may come from: exact names, or `*.example.com` for any subdomain of it. */
  hosts: readonly string[];
  /** Origins taken as they are, http and loopback included (tests: the provider's local fake). */
  trustedOrigins?: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
};

export const MAX_OUTPUT_BYTES = 40 * 1024 * 1024;
export const DOWNLOAD_TIMEOUT_MS = 120_000;
const MAX_REDIRECTS = 3;

/** A download we refuse or that failed; the message names the service and says why. */
export class DownloadRefused extends Error {}

const internal = new BlockList();
for (const [net, bits] of [
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
] as const)
  internal.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  internal.addSubnet(net, bits, 'ipv6');

/** True for an address on the public internet; loopback, private, link-local and the like are not. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !internal.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  return !internal.check(address, 'ipv6');
}

export function hostAllowed(host: string, hosts: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return hosts.some((pattern) =>
    pattern.startsWith('*.') ? h.endsWith(pattern.slice(1)) && h.length > pattern.length - 1 : h === pattern,
  );
}

/** Resolves like dns.lookup, refusing a name that resolves to any internal address. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { all: true, family: options.family }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 4);
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad || !addresses.length) {
      const e = new Error(`${hostname} resolves to an internal address`) as NodeJS.ErrnoException;
      e.code = 'EREFUSEDINTERNAL';
      return callback(e, '', 4);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** Why `url` may not be fetched for `service`, or null with whether it is a trusted origin. */
function checkTarget(service: string, url: URL, policy: OutputPolicy): { trusted: boolean } {
  if (policy.trustedOrigins?.includes(url.origin)) return { trusted: true };
  const refuse = (why: string) => new DownloadRefused(`${service}'s output was refused: ${why}.`);
  if (url.protocol !== 'https:') throw refuse('it is not served over https');
  if (url.username || url.password) throw refuse('its address carries credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) throw refuse('its address is an IP address, not a host the provider documents');
  if (!hostAllowed(host, policy.hosts))
    throw refuse(`${host} is not one of the hosts ${service} documents for its outputs`);
  return { trusted: false };
}

function get(url: URL, trusted: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      url,
      { method: 'GET', signal, ...(trusted ? {} : { lookup: publicOnlyLookup }) },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

async function readBounded(service: string, res: IncomingMessage, max: number): Promise<Buffer> {
  const tooBig = new DownloadRefused(
    `${service}'s output was refused: it is larger than ${max / 1024 / 1024} MB.`,
  );
  if (Number(res.headers['content-length'] ?? 0) > max) {
    res.destroy();
    throw tooBig;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res) {
    size += (chunk as Buffer).length;
    if (size > max) {
      res.destroy();
      throw tooBig;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The body of `url`, fetched as the policy allows. */
export async function download(
  service: string,
  url: string,
  policy: OutputPolicy,
  signal?: AbortSignal,
): Promise<Buffer> {
  const timeoutMs = policy.timeoutMs ?? DOWNLOAD_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const both = signal ? AbortSignal.any([signal, deadline]) : deadline;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new DownloadRefused(`${service} returned an output that is not a URL.`);
  }
  try {
    for (let hop = 0; ; hop++) {
      const { trusted } = checkTarget(service, target, policy);
      const res = await get(target, trusted, both);
      const status = res.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status)) {
        res.resume();
        const location = res.headers.location;
        if (!location || hop >= MAX_REDIRECTS)
          throw new DownloadRefused(`${service}'s output was refused: too many or empty redirects.`);
        target = new URL(location, target);
        continue;
      }
      if (status !== 200) {
        res.resume();
        throw new DownloadRefused(`${service}'s output could not be downloaded (HTTP ${status}).`);
      }
      return await readBounded(service, res, policy.maxBytes ?? MAX_OUTPUT_BYTES);
    }
  } catch (err) {
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
    if (deadline.aborted)
      throw new DownloadRefused(`${service}'s output took longer than ${timeoutMs / 1000} s to download.`);
    if (err instanceof DownloadRefused) throw err;
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EREFUSEDINTERNAL')
      throw new DownloadRefused(`${service}'s output was refused: ${e.message}.`);
    throw new DownloadRefused(`${service}'s output could not be downloaded (${e.message ?? String(err)}).`);
  }
}
