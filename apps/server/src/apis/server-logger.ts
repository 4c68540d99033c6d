/**
 * The options of Fastify's own logger (pino) for `serve`: every line it writes goes through the
 * redaction the stored request log uses (a superuser's backup download URL, token
 * included, was copied from stdout and replayed). Request URLs lose their secret query values,
 * credential headers never appear, and error messages and stacks are scrubbed of quoted secrets.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactHeaders, redactText, redactUrlMemo } from '../core/logs/redact.js';

type Writable = { write(line: string): unknown };

function serializeReq(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrlMemo(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

function serializeRes(reply: FastifyReply) {
  return { statusCode: reply.statusCode };
}

function serializeErr(err: unknown): unknown {
  if (!(err instanceof Error)) return typeof err === 'string' ? redactText(err) : err;
  const e = err as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: e.name,
    message: redactText(e.message),
    stack: e.stack ? redactText(e.stack) : undefined,
    code: e.code,
    statusCode: e.statusCode,
  };
}

/** Redacts anything else a log call is given: message strings and ad-hoc objects. */
function redactArg(arg: unknown): unknown {
  if (typeof arg === 'string') return redactText(arg);
  if (!arg || typeof arg !== 'object' || arg instanceof Error) return arg;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(arg)) {
    if (key === 'headers' && value && typeof value === 'object')
      out[key] = redactHeaders(value as Record<string, unknown>);
    else out[key] = typeof value === 'string' ? redactText(value) : value;
  }
  return out;
}

export function serverLoggerOptions(opts: { level: string; stream?: Writable }) {
  return {
    level: opts.level,
    ...(opts.stream ? { stream: opts.stream } : {}),
    serializers: { req: serializeReq, res: serializeRes, err: serializeErr },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(this, args.map(redactArg));
      },
    },
  };
}

/**
 * Fastify's internal log lines without its two lines per request (received, completed): every
 * request is in the stored request log already. A request that ends in an error is still logged.
 */
export class NoRequestLines extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error) super.requestCompleted(error, request, reply, metadata);
  }
}
