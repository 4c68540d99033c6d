/**
 * One SSE message encoded once for every subscriber it goes to. A message differs between
 * subscribers only in its leading `id:<client id>` line, so the rest (`event:` and `data:` lines)
 * is one Buffer, and a subscriber's bytes are its pre-encoded id line plus that Buffer, copied
 * into one small pooled Buffer: one socket write per subscriber, no string building or UTF-8
 * encoding per subscriber.
 */
const CRLF = Buffer.from('\r\n');

export class SseFrame {
  /** `\nevent:<name>\ndata:<json>\n\n`: everything after the id line's text. */
  private readonly rest: Buffer;
  /** The chunked-encoding size line, by payload length (the client ids are all one length). */
  private sizeLineFor = -1;
  private sizeLine = Buffer.alloc(0);

  constructor(event: string, json: string) {
    this.rest = Buffer.from(`\nevent:${event}\ndata:${json}\n\n`);
  }

  /** The message as text for `idLine` (`id:<client id>`), for a response not yet streaming. */
  text(idLine: Buffer): string {
    return idLine.toString() + this.rest.toString();
  }

  /**
   * The bytes to put on the socket for `idLine`, framed as one HTTP/1.1 chunk when the response
   * uses chunked encoding (what `res.write` would have sent).
   */
  bytes(idLine: Buffer, chunked: boolean): Buffer {
    const payload = idLine.length + this.rest.length;
    if (!chunked) return Buffer.concat([idLine, this.rest], payload);
    if (this.sizeLineFor !== payload) {
      this.sizeLine = Buffer.from(`${payload.toString(16)}\r\n`);
      this.sizeLineFor = payload;
    }
    const size = this.sizeLine;
    const out = Buffer.allocUnsafe(size.length + payload + 2);
    size.copy(out, 0);
    idLine.copy(out, size.length);
    this.rest.copy(out, size.length + idLine.length);
    CRLF.copy(out, size.length + payload);
    return out;
  }
}
