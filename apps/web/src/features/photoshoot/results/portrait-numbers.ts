/**
 * One numbering of portraits for every page and file: each style counts its own portraits from 1
 * in the order the list holds them (style, variant), as the results zip names them. A redo grid
 * and a results grid over the same list therefore say the same number for the same portrait.
 */
type Numbered = { id: string; style: string };

export function portraitNumbers(results: readonly Numbered[]): Map<string, number> {
  const counters = new Map<string, number>();
  const numbers = new Map<string, number>();
  for (const r of results) {
    const n = (counters.get(r.style) ?? 0) + 1;
    counters.set(r.style, n);
    numbers.set(r.id, n);
  }
  return numbers;
}

/** "Corporate Grey portrait 3" */
export function portraitLabel(styleName: string, n: number): string {
  return `${styleName} portrait ${n}`;
}

/** Words of a file name with their case kept, ASCII only, joined by dashes (the server's rule). */
function nameWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/**
 * The name a single download is saved under, as in the zip: `Jane-Doe_Corporate-Grey_03.jpg`
 * (the person is the photoshoot's title; left out when there is none).
 */
export function portraitFileName(person: string, styleName: string, n: number, storedName: string): string {
  const ext = /\.(png|webp|jpe?g)$/i.exec(storedName)?.[1]?.toLowerCase().replace('jpeg', 'jpg') ?? 'jpg';
  const parts = [nameWords(person), nameWords(styleName) || 'Portrait', String(n).padStart(2, '0')];
  return `${parts.filter(Boolean).join('_')}.${ext}`;
}
