/** Reads a response body up to `max` bytes, refusing (without reading on) anything larger. */
export async function readBounded(res: Response, max: number): Promise<Buffer> {
  const tooLarge = () => new Error(`an output is larger than ${Math.round(max / 1024 / 1024)} MB`);
  if (Number(res.headers.get('content-length') ?? 0) > max) {
    await res.body?.cancel();
    throw tooLarge();
  }
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}
