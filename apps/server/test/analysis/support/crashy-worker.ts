/**
 * A worker for the pool tests: echoes, throws, exits or hangs on request, or asks its parent
 * (`ask`: twice at once, so the answers must find their own question) and doubles the sum.
 * `young` churns through short-lived objects, some surviving a while (which makes V8 grow its
 * young generation as far as it may), and answers the young generation's size in MB. `litter`
 * leaves `value` MB of Buffers behind, owned by objects old enough to have left the young
 * generation; `held` answers the MB this thread's ArrayBuffers hold, garbage included.
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { askParent, serveTasks } from '../../../src/tools/worker-serve.js';

function youngGenerationMb(): number {
  const kept: object[] = [];
  for (let i = 0; i < 2_000_000; i++) {
    const o = { i, pair: [i, i + 1] };
    if (i % 3 === 0) kept.push(o);
    if (kept.length > 100_000) kept.length = 0;
  }
  const young = getHeapSpaceStatistics().filter((s) => s.space_name.startsWith('new_'));
  return young.reduce((sum, s) => sum + s.space_size, 0) / 2 ** 20;
}

const heldMb = () => process.memoryUsage().arrayBuffers / 2 ** 20;

function litter(mb: number): number {
  const owners: { pixels: Buffer }[] = [];
  for (let i = 0; i < mb; i++) owners.push({ pixels: Buffer.alloc(2 ** 20, i) });
  // Churn until the owners have been through enough scavenges to be promoted.
  for (let i = 0; i < 1_000_000; i++) void { i, pair: [i, i + 1] };
  return owners.reduce((sum, o) => sum + o.pixels[0]!, 0);
}

type Task = {
  do: 'echo' | 'throw' | 'exit' | 'hang' | 'slow' | 'ask' | 'young' | 'litter' | 'held';
  value?: number;
};

serveTasks<Task, number>(async (task) => {
  if (task.do === 'young') return { output: youngGenerationMb() };
  if (task.do === 'litter') return { output: litter(task.value ?? 0) };
  if (task.do === 'held') return { output: heldMb() };
  if (task.do === 'throw') throw new Error('bad input');
  if (task.do === 'exit') process.exit(3);
  if (task.do === 'hang') await new Promise(() => {});
  if (task.do === 'slow') await new Promise((r) => setTimeout(r, 300));
  if (task.do === 'ask') {
    const v = task.value ?? 0;
    const [a, b] = await Promise.all([askParent<number>(v), askParent<number>(v + 1)]);
    return { output: (a + b) * 2 };
  }
  return { output: (task.value ?? 0) * 2 };
});
