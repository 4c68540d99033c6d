/**
 * Boot configuration, parsed once at start from flags and environment; everything an operator
 * changes at run time lives in settings instead. Bad values fail fast with every problem listed.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbConfig } from './core/db/connect.js';
import { DEFAULT_JSON_BODY_LIMITS, type JsonBodyLimits } from './apis/json-body.js';

export type BootConfig = {
  command: string[];
  host: string;
  port: number;
  dataDir: string;
  db: DbConfig;
  webDist: string;
  dev: boolean;
  encryptionKey?: string;
  /** PHOTOSHOOT_JSON_BODY_LIMIT (bytes) and PHOTOSHOOT_JSON_MAX_DEPTH; file uploads have their own limits. */
  jsonBody: JsonBodyLimits;
};

const here = dirname(fileURLToPath(import.meta.url));

export class ConfigError extends Error {}

/** Splits `--name=value` / `--name value` flags from positional words. */
function parseArgs(argv: string[]): { positional: string[]; flags: Map<string, string> } {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) flags.set(arg.slice(2), argv[++i]!);
    else flags.set(arg.slice(2), 'true');
  }
  return { positional, flags };
}

export function loadConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): BootConfig {
  const { positional, flags } = parseArgs(argv);
  const problems: string[] = [];
  const http = flags.get('http') ?? env.PHOTOSHOOT_HTTP ?? '127.0.0.1:8090';
  const m = /^(.*):(\d{1,5})$/.exec(http);
  const port = m ? Number(m[2]) : NaN;
  if (!m || port > 65535) problems.push(`--http must be HOST:PORT, got "${http}"`);
  const dataDir = resolve(flags.get('dir') ?? env.PHOTOSHOOT_DATA_DIR ?? './pb_data');
  const url = env.DATABASE_URL?.trim();
  if (url && !/^postgres(ql)?:\/\//.test(url)) problems.push('DATABASE_URL must be a postgres:// URL');
  const key = env.PHOTOSHOOT_ENCRYPTION_KEY;
  if (key && key.length < 32) problems.push('PHOTOSHOOT_ENCRYPTION_KEY must be at least 32 characters');
  const positiveInt = (name: string, fallback: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n <= 0)
      problems.push(`${name} must be a positive whole number, got "${raw}"`);
    return n;
  };
  const jsonBody = {
    maxBytes: positiveInt('PHOTOSHOOT_JSON_BODY_LIMIT', DEFAULT_JSON_BODY_LIMITS.maxBytes),
    maxDepth: positiveInt('PHOTOSHOOT_JSON_MAX_DEPTH', DEFAULT_JSON_BODY_LIMITS.maxDepth),
    maxKeys: DEFAULT_JSON_BODY_LIMITS.maxKeys,
    maxElements: DEFAULT_JSON_BODY_LIMITS.maxElements,
  };
  for (const name of flags.keys()) {
    if (!['http', 'dir', 'dev'].includes(name)) problems.push(`unknown flag --${name}`);
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  return {
    command: positional,
    host: m![1]! || '127.0.0.1',
    port,
    dataDir,
    db: url ? { kind: 'postgres', url } : { kind: 'sqlite', dataDir },
    webDist: resolve(env.PHOTOSHOOT_WEB_DIST ?? join(here, '../../web/dist')),
    dev: flags.get('dev') === 'true' || env.NODE_ENV === 'development',
    encryptionKey: env.PHOTOSHOOT_ENCRYPTION_KEY || undefined,
    jsonBody,
  };
}
