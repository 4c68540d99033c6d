/**
 * A worker for the pool tests: echoes, throws, exits or hangs on request, or asks its parent
 * (`ask`: twice at once, so the answers must find their own question) and doubles the sum.
 * `young` churns through short-lived objects, some surviving a while (which makes V8 grow its
 * young generation as far as it may), and answers the young generation's size in MB.
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

serveTasks<{ do: 'echo' | 'throw' | 'exit' | 'hang' | 'slow' | 'ask' | 'young'; value?: number }, number>(
  async (task) => {
    if (task.do === 'young') return { output: youngGenerationMb() };
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
  },
);
