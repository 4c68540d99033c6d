import { describe, expect, it } from 'vitest';
import { forPeople } from './pricing';

describe('forPeople', () => {
  it('prices a one-seat package for 1 person, not "1 people"', () => {
    expect(forPeople(1)).toBe('for 1 person');
    expect(forPeople(5)).toBe('for 5 people');
  });
});
