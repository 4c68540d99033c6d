/** The worker pool under failure (crashes, task errors, timeouts, a full queue, shutdown) and idle. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  PoolClosedError,
  PoolFullError,
  TaskError,
  WorkerCrashError,
  THREAD_YOUNG_GENERATION_MB,
  WorkerPool,
} from '../../src/tools/worker-pool.js';
import { COLLECT_AFTER_MB } from '../../src/tools/thread-garbage.js';

type In = {
  do: 'echo' | 'throw' | 'exit' | 'hang' | 'slow' | 'ask' | 'young' | 'litter' | 'held';
  value?: number;
};
const ENTRY = new URL('./support/crashy-worker.ts', import.meta.url);
const pools: WorkerPool<In, number>[] = [];

function pool(
  size = 1,
  maxQueue = 10,
  taskTimeoutMs?: number,
  idleMs?: number,
  answer?: (q: unknown) => Promise<{ output: unknown }>,
) {
  const p = new WorkerPool<In, number>({
    entry: ENTRY,
    size: () => size,
    maxQueue: () => maxQueue,
    taskTimeoutMs,
    idleMs,
    answer,
  });
  pools.push(p);
  return p;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('WorkerPool', () => {
  it('runs tasks in a thread and returns their output', async () => {
    const p = pool(2);
    expect(await Promise.all([1, 2, 3, 4].map((value) => p.run({ do: 'echo', value })))).toEqual([
      2, 4, 6, 8,
    ]);
  });

  it("collects a thread's garbage after a task that left more than COLLECT_AFTER_MB of it", async () => {
    const p = pool(1);
    const before = await p.run({ do: 'held' });
    await p.run({ do: 'litter', value: 2 * COLLECT_AFTER_MB });
    // V8 alone would wait for several times as much before a full collection. It frees what a
    // collection found dead on a background thread, so that may take a moment to show.
    await expect.poll(() => p.run({ do: 'held' })).toBeLessThan(before + COLLECT_AFTER_MB / 2);
    // Less than the threshold stays until there is more.
    await p.run({ do: 'litter', value: COLLECT_AFTER_MB / 4 });
    expect(await p.run({ do: 'held' })).toBeGreaterThan(before + COLLECT_AFTER_MB / 8);
  });

  it("keeps each thread's young generation small, where V8 would let it grow to 32 MB", async () => {
    const young = await pool(1).run({ do: 'young' });
    expect(young).toBeGreaterThan(0);
    expect(young).toBeLessThanOrEqual(THREAD_YOUNG_GENERATION_MB);
  });

  it('fails only the task whose thread dies, with the reason, and replaces the thread', async () => {
    const p = pool(1);
    const crash = p.run({ do: 'exit' });
    const next = p.run({ do: 'echo', value: 21 });
    await expect(crash).rejects.toBeInstanceOf(WorkerCrashError);
    await expect(crash).rejects.toThrow(/exited \(code 3\)/);
    expect(await next).toBe(42);
  });

  it('reports an error thrown by the task without losing the thread', async () => {
    const p = pool(1);
    await expect(p.run({ do: 'throw' })).rejects.toEqual(new TaskError('bad input'));
    expect(await p.run({ do: 'echo', value: 5 })).toBe(10);
  });

  it("answers a task's questions to the parent, each with its own answer", async () => {
    const asked: unknown[] = [];
    const p = pool(2, 10, undefined, undefined, async (q) => {
      asked.push(q);
      // The second question is answered first: the answers must still find their own question.
      await new Promise((r) => setTimeout(r, (q as number) % 2 ? 5 : 50));
      return { output: (q as number) * 10 };
    });
    expect(await Promise.all([p.run({ do: 'ask', value: 1 }), p.run({ do: 'ask', value: 4 })])).toEqual([
      (10 + 20) * 2,
      (40 + 50) * 2,
    ]);
    expect(asked.sort()).toEqual([1, 2, 4, 5]);
  });

  it("fails the task with the parent's reason when a question fails, and keeps the thread", async () => {
    const p = pool(1, 10, undefined, undefined, async (q) => {
      if (q === 7) throw new Error('the face-model threads were released');
      return { output: 0 };
    });
    await expect(p.run({ do: 'ask', value: 6 })).rejects.toEqual(
      new TaskError('the face-model threads were released'),
    );
    expect(await p.run({ do: 'echo', value: 5 })).toBe(10);
    // A pool that answers nothing says so instead of leaving the task waiting.
    const mute = pool(1);
    await expect(mute.run({ do: 'ask', value: 1 })).rejects.toEqual(
      new TaskError('this pool answers no requests'),
    );
  });

  it('terminates a thread that overruns the timeout', async () => {
    const p = pool(1, 10, 300);
    await expect(p.run({ do: 'hang' })).rejects.toThrow(/longer than 300 ms/);
    expect(await p.run({ do: 'echo', value: 1 })).toBe(2);
  });

  it('refuses work past the bounded queue instead of growing it', async () => {
    const p = pool(1, 1);
    const running = p.run({ do: 'slow', value: 1 });
    await new Promise((r) => setTimeout(r, 20));
    const queued = p.run({ do: 'echo', value: 2 });
    await expect(p.run({ do: 'echo', value: 3 })).rejects.toBeInstanceOf(PoolFullError);
    expect(await Promise.all([running, queued])).toEqual([2, 4]);
  });

  it('fails queued and running work on close', async () => {
    const p = pool(1);
    const running = p.run({ do: 'hang' });
    const queued = p.run({ do: 'echo' });
    const outcomes = Promise.allSettled([running, queued]);
    await new Promise((r) => setTimeout(r, 50));
    await p.close();
    for (const o of await outcomes) {
      expect(o.status).toBe('rejected');
      expect((o as PromiseRejectedResult).reason).toBeInstanceOf(PoolClosedError);
    }
    await expect(p.run({ do: 'echo' })).rejects.toBeInstanceOf(PoolClosedError);
  });

  it('starts no thread before the first task', async () => {
    const p = pool(2);
    expect(p.threads).toBe(0);
    expect(await p.run({ do: 'echo', value: 1 })).toBe(2);
    expect(p.threads).toBe(1);
  });

  it('lets an idle thread exit after idleMs, and starts a new one for the next task', async () => {
    const p = pool(2, 10, undefined, 150);
    expect(await Promise.all([1, 2].map((value) => p.run({ do: 'slow', value })))).toEqual([2, 4]);
    // The thread that answered last is idle for less than idleMs yet (its timer just started).
    expect(p.threads).toBeGreaterThanOrEqual(1);
    await until(() => p.threads === 0);
    expect(await p.run({ do: 'echo', value: 4 })).toBe(8);
    expect(p.threads).toBe(1);
  });

  it('never retires a thread while it runs a task longer than idleMs', async () => {
    const p = pool(1, 10, undefined, 50);
    // 'slow' takes 300 ms: six idle periods while busy, and the task still answers.
    expect(await p.run({ do: 'slow', value: 3 })).toBe(6);
    expect(await p.run({ do: 'slow', value: 5 })).toBe(10);
  });
});

/** Polls `done` every 20 ms, failing after 10 s (far beyond the 150 ms it needs when quiet). */
async function until(done: () => boolean): Promise<void> {
  const end = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
