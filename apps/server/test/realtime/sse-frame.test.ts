/**
 * A fan-out message is encoded once and written to each socket as that client's bytes: they must
 * be exactly what `res.write` of the message text would have put on the wire, chunk framing
 * included, with the chunk size counted in bytes (not characters) for non-ASCII data.
 */
import { describe, expect, it } from 'vitest';
import { SseFrame } from '../../src/core/realtime/sse-frame.js';

describe('SseFrame', () => {
  const json = JSON.stringify({ action: 'update', record: { title: 'Café 📷' } });
  const frame = new SseFrame('posts/*', json);
  const idLine = Buffer.from('id:abc123');
  const text = `id:abc123\nevent:posts/*\ndata:${json}\n\n`;

  it('frames one HTTP/1.1 chunk sized in bytes', () => {
    const size = Buffer.byteLength(text);
    expect(size).toBeGreaterThan(text.length);
    expect(frame.bytes(idLine, true).toString()).toBe(`${size.toString(16)}\r\n${text}\r\n`);
  });

  it('writes the bare message without chunked encoding, and as text before streaming', () => {
    expect(frame.bytes(idLine, false).toString()).toBe(text);
    expect(frame.text(idLine)).toBe(text);
  });

  it('gives each client its own id line from the one encoding', () => {
    const other = frame.bytes(Buffer.from('id:zzz'), true).toString();
    const otherText = `id:zzz\nevent:posts/*\ndata:${json}\n\n`;
    expect(other).toBe(`${Buffer.byteLength(otherText).toString(16)}\r\n${otherText}\r\n`);
    expect(frame.bytes(idLine, true).toString()).toContain('id:abc123\n');
  });
});
