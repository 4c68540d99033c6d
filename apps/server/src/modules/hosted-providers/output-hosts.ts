/**
 * Where each provider documents that its outputs live. Result images are downloaded only from
 * these hosts (fetch-image.ts), so a response naming another host (a compromised or spoofed
 * answer, a redirect) cannot make the server fetch an internal address or an unbounded body.
 *
 * - Replicate: output files are served from `replicate.delivery` and its subdomains
 *   (`pbxt.replicate.delivery`, `tjzk.replicate.delivery`…): replicate.com/docs/topics/predictions/output-files,
 *   and the example outputs in replicate-javascript README.md and replicate-python tests/cassettes.
 * - fal: generated files are served by fal's CDN, `fal.media` and its subdomains (`v2.fal.media`,
 *   `v3.fal.media`, `v3b.fal.media`): the example outputs on fal.ai/models/* API pages and in
 *   fal-ai/fal-js; uploads to fal storage come back on the same hosts.
 * - Astria: prompt images are served from `mp.astria.ai` and, on older accounts, the
 *   `sdbooth2-production` S3 bucket: the `images` of the prompt objects in docs.astria.ai/docs/api/prompt.
 *
 * Tests point a provider's API at a loopback fake through `AppOptions.providerApis`; the fake's
 * own origin (and only it) is then trusted as it is, which is the one way to reach loopback.
 */
import type { App } from '../../core/app.js';
import type { OutputPolicy } from './safe-download.js';
import type { HostedName } from './hosted-api.js';

export const OUTPUT_HOSTS: Record<HostedName, readonly string[]> = {
  replicate: ['replicate.delivery', '*.replicate.delivery'],
  fal: ['fal.media', '*.fal.media'],
  astria: ['mp.astria.ai', 'sdbooth2-production.s3.amazonaws.com'],
};

export function outputPolicy(app: App, name: HostedName): OutputPolicy {
  const fake = app.options.providerApis?.[name];
  let trustedOrigins: string[] = [];
  try {
    if (fake) trustedOrigins = [new URL(fake).origin];
  } catch {
    // note: an unreadable test target trusts nothing.
  }
  return { hosts: OUTPUT_HOSTS[name], trustedOrigins };
}
