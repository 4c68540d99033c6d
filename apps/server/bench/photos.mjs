/**
 * Test photographs for the benches: the committed astronaut and variants of it, the face-api
 * group photos, the CC0 cat and coffee (`benchPhotos`), and six selfies of one face that the upload
 * checks accept as one photoshoot's originals (`acceptedSelfies`, the e2e test's set).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const ASTRONAUT = join(here, '../assets/samples/astronaut.png');

const jpeg = async (name, s) => ({
  name: `${name}.jpg`,
  type: 'image/jpeg',
  bytes: await s.jpeg({ quality: 90 }).toBuffer(),
});

/** 20 photos of mixed size (160 to 3000 px) and content: faces, groups, none, bad exposure. */
export async function benchPhotos() {
  const astronaut = readFileSync(ASTRONAUT);
  const demo = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
  const fixtures = join(here, '../test/analysis/fixtures');
  const big = () => sharp(astronaut).resize(1024, 1024);
  const out = [{ name: 'astronaut.png', type: 'image/png', bytes: astronaut }];
  const add = async (name, s) => out.push(await jpeg(name, s));
  await add('a1024', big());
  await add('blurred', big().blur(4));
  await add('dark', big().linear(0.25, 0));
  await add('bright', big().linear(1.45, 25));
  await add('mirrored', big().flop());
  await add('tiny', sharp(astronaut).resize(160, 160));
  await add(
    'closeup',
    sharp(astronaut).extract({ left: 120, top: 20, width: 240, height: 300 }).resize(640, 800),
  );
  await add('a2048', sharp(astronaut).resize(2048, 2048));
  for (let i = 1; i <= 6; i++)
    out.push({
      name: `sample${i}.jpg`,
      type: 'image/jpeg',
      bytes: readFileSync(join(demo, `sample${i}.jpg`)),
    });
  for (const f of ['chelsea.png', 'coffee.png'])
    out.push({ name: f, type: 'image/png', bytes: readFileSync(join(fixtures, f)) });
  await add('grey', big().greyscale());
  await add(
    'crop',
    sharp(astronaut).extract({ left: 60, top: 0, width: 400, height: 512 }).resize(800, 1024),
  );
  await add('a3000', sharp(astronaut).resize(3000, 3000));
  return out.slice(0, 20);
}

/** Six photos of one face, different crops, mirrored and tinted: all pass the upload checks. */
export async function acceptedSelfies() {
  const src = () => sharp(ASTRONAUT);
  const closeUp = { left: 120, top: 20, width: 240, height: 300 };
  return Promise.all([
    jpeg('full', src().resize(1024, 1024)),
    jpeg('mirrored', src().resize(1024, 1024).flop()),
    jpeg('close-up', src().extract(closeUp).resize(640, 800)),
    jpeg('close-up-mirrored', src().extract(closeUp).resize(640, 800).flop()),
    jpeg(
      'portrait-left',
      src()
        .extract({ left: 40, top: 0, width: 380, height: 512 })
        .resize(760, 1024)
        .modulate({ brightness: 1.05, saturation: 0.8 }),
    ),
    jpeg(
      'portrait-right-mirrored',
      src()
        .extract({ left: 110, top: 0, width: 380, height: 512 })
        .resize(760, 1024)
        .flop()
        .modulate({ hue: 20 }),
    ),
  ]);
}
