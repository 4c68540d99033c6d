/**
 * The corpus contact sheet: per photo, the upload as the customer sent it, then its portraits,
 * each 300 px high with a caption (photo, upload verdict, the guarantees the portrait breaks),
 * two photos to a row.
 */
import sharp, { type OverlayOptions } from 'sharp';
import type { CorpusReport } from './corpus-report.js';

const H = 300;
const CAPTION = 22;
const PER_ROW = 2;

function escape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function tile(jpeg: Buffer, caption: string, red: boolean): Promise<{ data: Buffer; width: number }> {
  const img = await sharp(jpeg).resize({ height: H }).toBuffer({ resolveWithObject: true });
  const width = img.info.width;
  const text = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${CAPTION}"><rect width="${width}" height="${CAPTION}" fill="${red ? '#fde2e1' : '#ffffff'}"/><text x="3" y="16" font-size="13" font-family="sans-serif" fill="#111">${escape(caption)}</text></svg>`,
  );
  const data = await sharp({ create: { width, height: H + CAPTION, channels: 3, background: '#fff' } })
    .composite([
      { input: text, top: 0, left: 0 },
      { input: img.data, top: CAPTION, left: 0 },
    ])
    .png()
    .toBuffer();
  return { data, width };
}

/**
 * `sources` maps a photo id to its upload bytes; `renders` maps `${photo}--${style}` to the portrait.
 */
export async function contactSheet(
  report: CorpusReport,
  sources: Map<string, Buffer>,
  renders: Map<string, Buffer>,
  file: string,
): Promise<void> {
  const blocks: { data: Buffer; width: number }[][] = [];
  for (const u of report.uploads) {
    const block = [
      await tile(
        sources.get(u.id)!,
        `${u.id}${u.derived ? ' (derived)' : ''}: ${u.accepted ? 'accepted' : u.reasons.join(', ')}`,
        !u.accepted,
      ),
    ];
    for (const p of report.portraits.filter((x) => x.photo === u.id)) {
      const jpeg = renders.get(`${p.photo}--${p.style}`);
      if (!jpeg) continue;
      const label = `${p.style} ×${p.enlargement}${p.fails.length ? ' ✗ ' + p.fails.join(' ') : ' ✓'}`;
      block.push(await tile(jpeg, label, p.fails.length > 0));
    }
    blocks.push(block);
  }
  const gap = 12;
  const blockWidth = Math.max(...blocks.map((b) => b.reduce((s, t) => s + t.width, 0) + gap));
  const rows = Math.ceil(blocks.length / PER_ROW);
  const composites: OverlayOptions[] = [];
  blocks.forEach((b, i) => {
    let left = (i % PER_ROW) * blockWidth;
    const top = Math.floor(i / PER_ROW) * (H + CAPTION + gap);
    for (const t of b) {
      composites.push({ input: t.data, left, top });
      left += t.width;
    }
  });
  await sharp({
    create: {
      width: blockWidth * PER_ROW,
      height: rows * (H + CAPTION + gap),
      channels: 3,
      background: '#e8e8e8',
    },
  })
    .composite(composites)
    .jpeg({ quality: 80 })
    .toFile(file);
}
