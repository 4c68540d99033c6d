/** A worker for the pool tests: echoes, throws, exits or hangs on request. */
import { serveTasks } from '../../../src/tools/worker-serve.js';

serveTasks<{ do: 'echo' | 'throw' | 'exit' | 'hang' | 'slow'; value?: number }, number>(async (task) => {
  if (task.do === 'throw') throw new Error('bad input');
  if (task.do === 'exit') process.exit(3);
  if (task.do === 'hang') await new Promise(() => {});
  if (task.do === 'slow') await new Promise((r) => setTimeout(r, 300));
  return { output: (task.value ?? 0) * 2 };
});
