/**
 * A local fake of the part of Stripe's HTTP API the server uses, driven by the real `stripe` SDK:
 * `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/:id`, `POST .../:id/expire` and
 * `POST /v1/refunds`, with form-encoded bodies (`a[b][0][c]=…`, as the SDK sends them), bearer-key
 * auth, idempotency keys, and Stripe's JSON object and error shapes. Test helpers play the buyer
 * (`pay`, `expire`) and build the events Stripe would send (`event`, `refundedCharge`).
 *
 * Rules it holds the server to, as Stripe states them:
 * - A refund's `amount` is a positive integer in the smallest currency unit, at most what is left
 *   unrefunded of the charge; without it the rest is refunded. Beyond that Stripe answers 400
 *   `amount_too_large`, and `charge_already_refunded` once nothing is left (the SDK's
 *   `RefundCreateParams.amount`, node_modules/stripe/cjs/resources/Refunds.d.ts; the error codes
 *   listed in the same SDK's types).
 * - An idempotency key reused with other parameters is refused with an `idempotency_error`; reused
 *   with the same ones, the first answer is replayed (docs.stripe.com/api/idempotent_requests).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';

type Json = Record<string, unknown>;

export type FakeSession = {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  line_items_sent: Json[];
};

export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  metadata: Record<string, string>;
};

export type RequestLogEntry = { method: string; path: string; body: Json; idempotencyKey: string };

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Parses Stripe's bracketed form encoding into nested objects and arrays. */
export function parseStripeForm(text: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = out;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      const slot = node as Record<string, unknown>;
      if (last) slot[part] = value;
      else {
        slot[part] ??= nextIsIndex ? [] : {};
        node = slot[part] as Record<string, unknown>;
      }
    });
  }
  return out;
}

function stripeError(res: ServerResponse, status: number, message: string, code?: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } }));
}

export class FakeStripe {
  readonly sessions = new Map<string, FakeSession>();
  readonly refunds: FakeRefund[] = [];
  readonly requests: RequestLogEntry[] = [];
  /** While true, refunds answer 500 as during an outage of Stripe's API (the SDK retries, then gives up). */
  refundOutage = false;
  private readonly idempotent = new Map<string, { status: number; body: string; params: string }>();
  private server?: Server;
  port = 0;

  constructor(readonly secretKey = `sk_test_${randomBytes(12).toString('hex')}`) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The App option that points the SDK here. */
  get target(): { host: string; port: number; protocol: 'http' } {
    return { host: '127.0.0.1', port: this.port, protocol: 'http' };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
    const url = new URL(req.url ?? '/', 'http://fake');
    const key = String(req.headers['idempotency-key'] ?? '');
    this.requests.push({ method: req.method ?? '', path: url.pathname, body, idempotencyKey: key });
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return stripeError(res, 401, 'Invalid API Key provided.');
    }
    const cacheKey = key ? `${req.method} ${url.pathname} ${key}` : '';
    const cached = cacheKey ? this.idempotent.get(cacheKey) : undefined;
    const params = JSON.stringify(body);
    if (cached && cached.params !== params) {
      res.writeHead(400, { 'content-type': 'application/json', 'request-id': id('req') });
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
      return void res.end(JSON.stringify({ error: { type: 'idempotency_error', message } }));
    }
    if (cached) {
      res.writeHead(cached.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
      return void res.end(cached.body);
    }
    const answer = this.route(req.method ?? '', url.pathname, body);
    const text = JSON.stringify(answer.body);
    if (cacheKey && answer.status < 500)
      this.idempotent.set(cacheKey, { status: answer.status, body: text, params });
    res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(text);
  }

  private route(method: string, path: string, body: Json): { status: number; body: unknown } {
    const fail = (status: number, message: string, code?: string) => ({
      status,
      body: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } },
    });
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(body, fail);
    const m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (m) {
      const session = this.sessions.get(decodeURIComponent(m[1]!));
      if (!session) return fail(404, `No such checkout.session: '${m[1]}'`, 'resource_missing');
      if (method === 'GET' && !m[2]) return { status: 200, body: this.view(session) };
      if (method === 'POST' && m[2]) {
        if (session.status !== 'open') {
          return fail(
            400,
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          );
        }
        session.status = 'expired';
        return { status: 200, body: this.view(session) };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(body, fail);
    return fail(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  private createSession(
    body: Json,
    fail: (s: number, m: string, c?: string) => { status: number; body: unknown },
  ) {
    const items = (body.line_items as Json[] | undefined) ?? [];
    if (body.mode !== 'payment') return fail(400, 'Missing required param: mode.', 'parameter_missing');
    if (!body.success_url) return fail(400, 'Missing required param: success_url.', 'parameter_missing');
    if (!items.length) return fail(400, 'Missing required param: line_items.', 'parameter_missing');
    let total = 0;
    let currency = '';
    for (const item of items) {
      const price = item.price_data as Json | undefined;
      const amount = Number(price?.unit_amount);
      if (!price || !Number.isInteger(amount) || amount < 0) {
        return fail(
          400,
          'Invalid integer: line_items[0][price_data][unit_amount].',
          'parameter_invalid_integer',
        );
      }
      currency = String(price.currency);
      total += amount * Number(item.quantity ?? 1);
    }
    const sid = id('cs');
    const session: FakeSession = {
      id: sid,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      currency,
      client_reference_id: (body.client_reference_id as string) ?? null,
      customer_email: (body.customer_email as string) ?? null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: String(body.success_url),
      cancel_url: String(body.cancel_url ?? ''),
      url: `https://checkout.stripe.com/c/pay/${sid}`,
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
      line_items_sent: items,
    };
    this.sessions.set(sid, session);
    return { status: 200, body: this.view(session) };
  }

  private createRefund(
    body: Json,
    fail: (s: number, m: string, c?: string) => { status: number; body: unknown },
  ) {
    if (this.refundOutage)
      return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
    const intent = String(body.payment_intent ?? '');
    const session = [...this.sessions.values()].find((s) => s.payment_intent === intent && intent);
    if (!session) return fail(404, `No such payment_intent: '${intent}'`, 'resource_missing');
    const refunded = this.refunds
      .filter((r) => r.payment_intent === intent)
      .reduce((sum, r) => sum + r.amount, 0);
    const left = session.amount_total - refunded;
    if (left <= 0) {
      return fail(
        400,
        `Charge for payment intent ${intent} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    const asked = body.amount === undefined ? left : Number(body.amount);
    if (!/^\d+$/.test(String(body.amount ?? left)) || asked < 1) {
      return fail(400, 'Invalid positive integer', 'parameter_invalid_integer');
    }
    if (asked > left) {
      const money = (n: number) => `$${(n / 100).toFixed(2)}`;
      return fail(
        400,
        `Refund amount (${money(asked)}) is greater than unrefunded amount on charge (${money(left)})`,
        'amount_too_large',
      );
    }
    const refund: FakeRefund = {
      id: id('re'),
      object: 'refund',
      amount: asked,
      currency: session.currency,
      payment_intent: intent,
      status: 'succeeded',
      metadata: (body.metadata as Record<string, string>) ?? {},
    };
    this.refunds.push(refund);
    return { status: 200, body: refund };
  }

  /** The session as the API returns it (without the fake's own bookkeeping). */
  view(session: FakeSession): Json {
    const { line_items_sent: _items, ...rest } = session;
    return { ...rest, url: session.status === 'open' ? session.url : null };
  }

  /** The only session created so far for our payment `paymentId`. */
  sessionFor(paymentId: string): FakeSession {
    const found = [...this.sessions.values()].filter((s) => s.metadata.paymentId === paymentId);
    if (found.length !== 1) throw new Error(`expected one session for ${paymentId}, found ${found.length}`);
    return found[0]!;
  }

  /** The buyer pays on Stripe's page. */
  pay(sessionId: string): FakeSession {
    const s = this.sessions.get(sessionId)!;
    s.status = 'complete';
    s.payment_status = 'paid';
    s.payment_intent = id('pi');
    return s;
  }

  /** The session times out unpaid. */
  expire(sessionId: string): FakeSession {
    const s = this.sessions.get(sessionId)!;
    s.status = 'expired';
    return s;
  }

  /** A charge refunded (as in `charge.refunded`) for a paid session: in full, or `refunded` cents of it. */
  refundedCharge(sessionId: string, refunded = this.sessions.get(sessionId)!.amount_total): Json {
    const s = this.sessions.get(sessionId)!;
    return {
      id: id('ch'),
      object: 'charge',
      amount: s.amount_total,
      amount_refunded: refunded,
      currency: s.currency,
      payment_intent: s.payment_intent,
      refunded: refunded >= s.amount_total,
      status: 'succeeded',
      livemode: false,
    };
  }

  /** An event as Stripe delivers it. */
  event(type: string, object: Json): Json {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }
}
