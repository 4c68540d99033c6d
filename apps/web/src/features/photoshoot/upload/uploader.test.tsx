import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pb } from '../../../lib/pb';
import { MAX_UPLOAD_BYTES, NOT_A_PHOTO, PRECHECK_MESSAGES, UPLOAD_ERRORS } from '../constants';
import { FakeXhr } from '../../../testing/fake-xhr';
import { Uploader } from './uploader';

const TOKEN = 'test-token-abc';
/** Not the server's default: the limit must come from the prop (the public config), not a constant. */
const MAX_PHOTOS = 12;

function jpeg(name: string, bytes = 1024): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
}

function setup(photoCount = 0) {
  const onUploaded = vi.fn();
  const user = userEvent.setup({ applyAccept: false });
  render(
    <Uploader
      photoshootId="shoot1"
      userId="user1"
      photoCount={photoCount}
      maxPhotos={MAX_PHOTOS}
      onUploaded={onUploaded}
    />,
  );
  const input = screen.getByLabelText('Choose photos') as HTMLInputElement;
  return { user, input, onUploaded };
}

const rows = () => screen.queryAllByTestId('upload-row');
const rowOf = (name: string) => {
  const row = rows().find((r) => r.textContent?.includes(name));
  if (!row) throw new Error(`no upload row for ${name}`);
  return row;
};
const announcer = () => screen.getByTestId('upload-announcer').textContent ?? '';

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  pb.authStore.save(TOKEN, { id: 'user1', collectionId: 'users', collectionName: 'users' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  pb.authStore.clear();
});

describe('Uploader', () => {
  it('sends each file as its own multipart request with the auth token and the record fields', async () => {
    const { user, input } = setup();
    await user.upload(input, [jpeg('a.jpg'), jpeg('b.jpg')]);

    const sent = FakeXhr.sentOnes();
    expect(sent).toHaveLength(2);
    for (const [i, xhr] of sent.entries()) {
      expect(xhr.method).toBe('POST');
      expect(new URL(xhr.url).pathname).toBe('/api/collections/original_photos/records');
      expect(xhr.headers.Authorization).toBe(TOKEN);
      expect(xhr.body?.get('photoshoot')).toBe('shoot1');
      expect(xhr.body?.get('user')).toBe('user1');
      expect((xhr.body?.get('file') as File).name).toBe(i === 0 ? 'a.jpg' : 'b.jpg');
    }
    expect(rows()).toHaveLength(2);
  });

  it('shows each upload’s own progress and hands the created record over when done', async () => {
    const { user, input, onUploaded } = setup();
    await user.upload(input, [jpeg('a.jpg'), jpeg('b.jpg')]);
    const [a, b] = FakeXhr.sentOnes();

    act(() => a.progress(25, 100));
    act(() => b.progress(80, 100));
    const barA = within(rowOf('a.jpg')).getByRole('progressbar', { name: 'Uploading a.jpg' });
    const barB = within(rowOf('b.jpg')).getByRole('progressbar', { name: 'Uploading b.jpg' });
    expect(barA.getAttribute('aria-valuenow')).toBe('25');
    expect(barB.getAttribute('aria-valuenow')).toBe('80');
    expect(rowOf('a.jpg').textContent).toContain('25%');

    const record = { id: 'p1', photoshoot: 'shoot1', file: 'a_x1.jpg', qc: 'pending' };
    await act(async () => a.respond(200, record));
    expect(onUploaded).toHaveBeenCalledWith(record);
    expect(rows()).toHaveLength(1);
    expect(announcer()).toBe('a.jpg uploaded. Checking it now…');
    // b is untouched by a's completion.
    expect(within(rowOf('b.jpg')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('80');
  });

  it('says what went wrong in the uploader’s words, or the server’s own', async () => {
    const { user, input, onUploaded } = setup();
    await user.upload(input, [jpeg('net.jpg'), jpeg('json.jpg'), jpeg('status.jpg')]);
    const [net, json, status] = FakeXhr.sentOnes();

    await act(async () => net.failNetwork());
    await act(async () => json.respond(200, 'not json {'));
    await act(async () => status.respond(502, '<html>Bad gateway</html>'));

    expect(rowOf('net.jpg').textContent).toContain(UPLOAD_ERRORS.network);
    expect(rowOf('json.jpg').textContent).toContain(UPLOAD_ERRORS.invalidJson);
    expect(rowOf('status.jpg').textContent).toContain('Request failed with status 502');
    expect(onUploaded).not.toHaveBeenCalled();

    await user.upload(input, [jpeg('full.jpg')]);
    const full = FakeXhr.sentOnes().at(-1)!;
    const message = 'A photoshoot can hold at most 20 photos. Remove one to add another.';
    await act(async () =>
      full.respond(400, {
        status: 400,
        message: 'Failed to create record.',
        data: { file: { code: 'validation_max_photos', message } },
      }),
    );
    expect(rowOf('full.jpg').textContent).toContain(message);
    expect(announcer()).toBe(`full.jpg: ${message}`);
    // Network and server faults may pass on a second try; a refusal of the file cannot.
    expect(screen.getByRole('button', { name: 'Retry net.jpg' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry status.jpg' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry full.jpg' })).toBeNull();
  });

  it('says in plain words that a file the server cannot read is not a photo, with no retry', async () => {
    const { user, input } = setup();
    await user.upload(input, [jpeg('notanimage.jpg')]);
    await act(async () =>
      FakeXhr.sentOnes()[0].respond(400, {
        status: 400,
        message: 'Failed to create record.',
        data: {
          file: {
            code: 'validation_invalid_mime_type',
            message: '"notanimage.jpg" mime type must be one of: image/jpeg, image/png, image/webp.',
            params: { file: 'notanimage.jpg', mimeType: 'text/plain' },
          },
        },
      }),
    );
    expect(rowOf('notanimage.jpg').textContent).toContain(NOT_A_PHOTO);
    expect(rowOf('notanimage.jpg').textContent).not.toContain('mime type');
    expect(screen.queryByRole('button', { name: 'Retry notanimage.jpg' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Dismiss notanimage.jpg' })).toBeTruthy();
  });

  it('cancels an upload in flight and retries a failed one', async () => {
    const { user, input, onUploaded } = setup();
    await user.upload(input, [jpeg('a.jpg')]);
    const first = FakeXhr.sentOnes()[0];

    await user.click(screen.getByRole('button', { name: 'Cancel upload of a.jpg' }));
    expect(rowOf('a.jpg').textContent).toContain(UPLOAD_ERRORS.aborted);

    await user.click(screen.getByRole('button', { name: 'Retry a.jpg' }));
    const second = FakeXhr.sentOnes().at(-1)!;
    expect(second).not.toBe(first);
    await act(async () => second.respond(200, { id: 'p9' }));
    expect(onUploaded).toHaveBeenCalledWith({ id: 'p9' });
    expect(rows()).toHaveLength(0);
  });

  it('refuses HEIC, oversized, empty and non-image files before sending anything', async () => {
    const { user, input } = setup();
    const heic = new File([new Uint8Array(10)], 'IMG_0001.HEIC', { type: 'image/heic' });
    const huge = jpeg('huge.jpg');
    Object.defineProperty(huge, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    const empty = new File([], 'empty.png', { type: 'image/png' });
    const pdf = new File([new Uint8Array(10)], 'cv.pdf', { type: 'application/pdf' });

    await user.upload(input, [heic, huge, empty, pdf]);

    expect(FakeXhr.sentOnes()).toHaveLength(0);
    expect(rowOf('IMG_0001.HEIC').textContent).toContain(PRECHECK_MESSAGES.heic);
    expect(rowOf('huge.jpg').textContent).toContain('the largest we accept is 20 MB');
    expect(rowOf('empty.png').textContent).toContain(PRECHECK_MESSAGES.empty);
    expect(rowOf('cv.pdf').textContent).toContain(PRECHECK_MESSAGES.type);
    // A refusal cannot succeed by trying again.
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(announcer()).toContain('IMG_0001.HEIC');
  });

  it('never goes over the photo limit and sends at most three at a time', async () => {
    const { user, input } = setup(MAX_PHOTOS - 4);
    await user.upload(
      input,
      ['1', '2', '3', '4', '5'].map((n) => jpeg(`${n}.jpg`)),
    );

    expect(FakeXhr.sentOnes()).toHaveLength(3);
    expect(rowOf('4.jpg').textContent).toContain('waiting');
    expect(rowOf('5.jpg').textContent).toContain(PRECHECK_MESSAGES.tooMany(MAX_PHOTOS));

    await act(async () => FakeXhr.sentOnes()[0].respond(200, { id: 'r1' }));
    expect(FakeXhr.sentOnes()).toHaveLength(4);
    expect((FakeXhr.sentOnes()[3].body?.get('file') as File).name).toBe('4.jpg');
  });
});
