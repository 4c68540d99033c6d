import { describe, expect, it } from 'vitest';
import { portraitFileName, portraitNumbers } from './portrait-numbers';

describe('portrait numbering', () => {
  it('counts from 1 within each style, whatever page shows the list', () => {
    const list = [
      { id: 'a', style: 's1' },
      { id: 'b', style: 's1' },
      { id: 'c', style: 's2' },
      { id: 'd', style: 's2' },
    ];
    const n = portraitNumbers(list);
    expect([...n.entries()]).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 1],
      ['d', 2],
    ]);
  });

  it('names a download after the person, the style and the number', () => {
    expect(portraitFileName('Jane Doe', 'Corporate Grey', 3, 'portrait_1_3hf1j9vbg8.jpg')).toBe(
      'Jane-Doe_Corporate-Grey_03.jpg',
    );
    expect(portraitFileName('Zoë — LinkedIn', 'Warm Office', 12, 'x.PNG')).toBe(
      'Zoe-LinkedIn_Warm-Office_12.png',
    );
    expect(portraitFileName('', 'Outdoor Bokeh', 1, 'x.jpeg')).toBe('Outdoor-Bokeh_01.jpg');
  });
});
