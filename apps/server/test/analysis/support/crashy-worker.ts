/**
 * A worker for the pool tests: echoes, throws, exits or hangs on request, or asks its parent
 * (`ask`: twice at once, so the answers must find their own question) and doubles the sum.
 */
import { askParent, serveTasks } from '../../../src/tools/worker-serve.js';

serveTasks<{ do: 'echo' | 'throw' | 'exit' | 'hang' | 'slow' | 'ask'; value?: number }, number>(
  async (task) => {
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
