/**
 * A local Astria API (astriaai/astria-docs): `POST /tunes` (multipart `tune[…]`, a repeated
 * `title` returns the existing tune), `GET /tunes/:id`, `POST /tunes/:id/prompts`,
 * `GET /tunes/:id/prompts/:id`, `DELETE`; `Authorization: Bearer …`; unsigned callbacks `{tune}`
 * or `{prompt}` to the URL given.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeProviderServer, sendJson, type FakeJob } from './fake-common.js';

export const ASTRIA_KEY = 'sd_test_key_0123456789';

export class FakeAstria extends FakeProviderServer {
  protected imageFormat = 'png' as const;
  readonly tunesByTitle = new Map<string, FakeJob>();
  readonly tuneForms: { title: string; name: string; branch: string; images: number }[] = [];
  readonly prompts: Record<string, unknown>[] = [];

  private view(job: FakeJob): Record<string, unknown> {
    const ended = this.ended(job) && !job.cancelled;
    if (job.kind === 'train')
      return {
        id: Number(job.extra.num),
        title: job.extra.title,
        name: job.extra.name,
        branch: job.extra.branch,
        trained_at: ended ? new Date().toISOString() : null,
        expires_at: null,
      };
    return {
      id: Number(job.extra.num),
      tune_id: Number(job.extra.tune),
      text: job.extra.text,
      user_error: ended && job.failed ? 'fake failure: prompt rejected by moderation' : null,
      images: ended && !job.failed ? this.imageUrls(job) : [],
    };
  }

  protected callbackBody(job: FakeJob): unknown {
    return job.kind === 'train' ? { tune: this.view(job) } : { prompt: this.view(job) };
  }

  private byNum(kind: 'train' | 'generate', num: string): FakeJob | undefined {
    return [...this.jobs.values()].find((j) => j.kind === kind && String(j.extra.num) === num);
  }

  protected async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: Buffer,
  ): Promise<void> {
    if (req.headers.authorization !== `Bearer ${ASTRIA_KEY}`)
      return sendJson(res, 401, { error: 'Unauthorized' });
    // The account's tunes (the connection test's read): a page of the ones this fake made.
    if (req.method === 'GET' && path === '/tunes')
      return sendJson(
        res,
        200,
        [...this.jobs.values()].filter((j) => j.kind === 'train').map((j) => this.view(j)),
      );
    if (req.method === 'POST' && path === '/tunes') {
      const form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': String(req.headers['content-type']) },
      })
        .formData()
        .catch(() => null);
      const title = String(form?.get('tune[title]') ?? '');
      const images = form?.getAll('tune[images][]') ?? [];
      if (!title || !images.length)
        return sendJson(res, 422, { title: ["can't be blank"], images: ['are required'] });
      const existing = this.tunesByTitle.get(title);
      if (existing) return sendJson(res, 201, this.view(existing));
      if (this.refuseSubmit(res, 'train')) return;
      this.tuneForms.push({
        title,
        name: String(form!.get('tune[name]')),
        branch: String(form!.get('tune[branch]')),
        images: images.length,
      });
      const job = this.newJob('train', String(form!.get('tune[callback]') ?? ''), 0, {
        num: 1000 + this.jobs.size,
        title,
        name: form!.get('tune[name]'),
        branch: form!.get('tune[branch]'),
      });
      this.tunesByTitle.set(title, job);
      return sendJson(res, 201, this.view(job));
    }
    const m = /^\/tunes\/(\d+)(?:\/prompts(?:\/(\d+))?)?$/.exec(path);
    if (!m) return sendJson(res, 404, { error: 'Not found' });
    const tune = this.byNum('train', m[1]!);
    if (!tune) return sendJson(res, 404, { error: 'Not found' });
    if (path.endsWith('/prompts') && req.method === 'POST') {
      let prompt: Record<string, unknown>;
      try {
        prompt = (JSON.parse(body.toString('utf8')) as { prompt: Record<string, unknown> }).prompt;
        if (typeof prompt?.text !== 'string') throw new Error();
      } catch {
        return sendJson(res, 422, { text: ["can't be blank"] });
      }
      if (this.refuseSubmit(res, 'generate')) return;
      this.prompts.push(prompt);
      const job = this.newJob('generate', String(prompt.callback ?? ''), Number(prompt.num_images ?? 1), {
        num: 5000 + this.jobs.size,
        tune: m[1],
        text: prompt.text,
      });
      return sendJson(res, 201, this.view(job));
    }
    const job = m[2] ? this.byNum('generate', m[2]) : tune;
    if (!job) return sendJson(res, 404, { error: 'Not found' });
    if (req.method === 'DELETE') {
      job.cancelled = true;
      return sendJson(res, 200, {});
    }
    if (job.malformed) return sendJson(res, 200, 'Internal hiccup');
    const done = this.pollEnded(job);
    const view = this.view(job);
    return sendJson(res, 200, done ? view : { ...view, trained_at: null, images: [], user_error: null });
  }
}
