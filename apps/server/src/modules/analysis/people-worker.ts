/**
 * Entry of a people thread (people-threads.ts): loads the object detector on the first task,
 * then finds the people in one upload per message. The upload's bytes arrive transferred.
 */
import { serveTasks } from '../../tools/worker-serve.js';
import { findPeople, loadPeopleModel, type PersonBox } from './vision/people.js';
import type { PeopleTask } from './people-threads.js';
import { lazyModels, settleModelThread } from './model-thread.js';

settleModelThread();
const model = lazyModels(loadPeopleModel);

serveTasks<PeopleTask, PersonBox[]>(async ({ bytes }) => ({
  output: await findPeople(await model(), Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
}));
