/** The worker pool under failure: crashes, task errors, timeouts, a full queue, shutdown. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  PoolClosedError,
  PoolFullError,
  TaskError,
  WorkerCrashError,
  WorkerPool,
} from '../../src/tools/worker-pool.js';

type In = { do: 'echo' | 'throw' | 'exit' | 'hang' | 'slow'; value?: number };
const ENTRY = new URL('./support/crashy-worker.ts', import.meta.url);
const pools: WorkerPool<In, number>[] = [];

function pool(size = 1, maxQueue = 10, taskTimeoutMs?: number) {
  const p = new WorkerPool<In, number>({
    entry: ENTRY,
    size: () => size,
    maxQueue: () => maxQueue,
    taskTimeoutMs,
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
});
