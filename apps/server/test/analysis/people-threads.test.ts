/**
 * The people detector in its own threads, on real photos: a neighbour whose face is outside the
 * photo is found at its side, a single person is found alone, and the thread lets its memory go
 * once idle.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  closePeopleThreads,
  findPeopleInThread,
  PEOPLE_THREAD_IDLE_MS,
  peopleThreads,
} from '../../src/modules/analysis/people-threads.js';
import * as img from './support/images.js';

const one = () => 1;

describe('people threads', () => {
  afterAll(() => closePeopleThreads());

  it('finds the neighbour at the side of a crop their face is not in, and the sitter', async () => {
    const people = await findPeopleInThread((await img.neighbourAtSide()).bytes, one);
    const [sitter, ...rest] = people;
    // The sitter's box covers most of the photo; the neighbour's runs down its right side.
    expect(sitter!.box.width).toBeGreaterThan(0.6);
    const right = rest.filter((p) => p.box.x + p.box.width > 0.985 && p.box.x > 0.6);
    expect(right.length).toBe(1);
    expect(right[0]!.score).toBeGreaterThanOrEqual(0.3);
    expect(right[0]!.box.height).toBeGreaterThan(0.5);
  });

  it('finds a single person alone: no other body as sure as the verdict asks', async () => {
    const people = await findPeopleInThread((await img.astronaut()).bytes, one);
    expect(people[0]!.score).toBeGreaterThan(0.5);
    expect(people.slice(1).every((p) => p.score < 0.2)).toBe(true);
  });

  it('lets the thread go once idle', async () => {
    await findPeopleInThread((await img.astronaut()).bytes, one);
    expect(peopleThreads()).toBe(1);
    const deadline = Date.now() + PEOPLE_THREAD_IDLE_MS + 10_000;
    while (peopleThreads() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(peopleThreads()).toBe(0);
  }, 30_000);
});
