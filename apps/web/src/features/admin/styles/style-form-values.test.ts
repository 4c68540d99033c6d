import { describe, expect, it } from 'vitest';
import type { AdminStyle } from '../data/admin-types';
import {
  checkStyleValues,
  emptyStyleValues,
  slugify,
  styleToValues,
  valuesToBody,
} from './style-form-values';

const style = {
  id: 's1',
  collectionId: 'c',
  collectionName: 'styles',
  name: 'Grey studio',
  slug: 'grey-studio',
  description: 'Classic grey.',
  category: 'corporate',
  preview: 'p.jpg',
  backdrop: { kind: 'solid', colors: ['#777777', 'red'], angle: 45 },
  grading: { warmth: 0.2, mono: true },
  framing: 'half_body',
  aspect: '3:4',
  active: false,
  sortOrder: 30,
  team: 't1',
  prompt: 'a portrait',
  negativePrompt: 'blur',
  created: '',
  updated: '',
} as AdminStyle;

describe('style form values', () => {
  it('round-trips a style, dropping colours that are not hex and filling missing grading with 0', () => {
    const v = styleToValues(style);
    expect(v.backdropColors).toEqual(['#777777']);
    expect(v.grading).toMatchObject({ warmth: 0.2, contrast: 0, mono: true, retouch: 0 });
    const body = valuesToBody(v);
    expect(body).toMatchObject({
      name: 'Grey studio',
      backdrop: { kind: 'solid', colors: ['#777777'], angle: 45 },
      framing: 'half_body',
      active: false,
      sortOrder: 30,
      team: 't1',
      prompt: 'a portrait',
    });
    expect(body).not.toHaveProperty('preview');
  });

  it('adds the preview only when a file was chosen', () => {
    const file = new File(['x'], 'p.jpg', { type: 'image/jpeg' });
    expect(valuesToBody(emptyStyleValues(10), file).preview).toBe(file);
  });

  it('names each invalid field', () => {
    const v = { ...emptyStyleValues(10), slug: 'Bad Slug', sortOrder: '1.5', backdropColors: ['nope'] };
    expect(checkStyleValues(v)).toEqual({
      name: expect.any(String),
      slug: expect.stringContaining('hyphens'),
      backdrop: expect.any(String),
      sortOrder: expect.any(String),
    });
    expect(checkStyleValues({ ...emptyStyleValues(10), name: 'A', slug: 'a' })).toEqual({});
  });

  it('proposes a slug from a name', () => {
    expect(slugify('  Café  Bokeh -- Outdoor! ')).toBe('cafe-bokeh-outdoor');
  });
});
