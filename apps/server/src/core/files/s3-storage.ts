/**
 * Storage in any S3-compatible bucket (AWS, MinIO, R2, ...). The content type sniffed at upload is
 * stored as the object's Content-Type, so serving needs one HEAD and no re-sniffing.
 */
import { createReadStream } from 'node:fs';
import { stat as fsStat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Settings } from '../settings/settings.js';
import {
  assertSafeKey,
  assertSafePrefix,
  type ByteRange,
  type FileStat,
  type FileStorage,
} from './storage.js';

export type S3Config = Settings['s3'];

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region || 'us-east-1',
      endpoint: config.endpoint || undefined,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secret },
      // note: many S3-compatible servers reject the newer default flexible checksums (aws-chunked trailers).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async putFile(key: string, localPath: string, contentType: string): Promise<void> {
    assertSafeKey(key);
    const { size } = await fsStat(localPath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(localPath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async putBuffer(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentLength: data.length,
        ContentType: contentType,
      }),
    );
  }

  async stat(key: string): Promise<FileStat | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      const modified = head.LastModified ?? new Date(0);
      return {
        size: Number(head.ContentLength ?? 0),
        modified,
        etag:
          head.ETag ?? `"${Number(head.ContentLength ?? 0).toString(16)}-${modified.getTime().toString(16)}"`,
        contentType: head.ContentType || 'application/octet-stream',
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertSafeKey(key);
    const out = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    const body = out.Body;
    if (body instanceof Readable) return body;
    if (body && 'transformToWebStream' in body) return Readable.fromWeb(body.transformToWebStream() as never);
    throw new Error('unexpected S3 response body');
  }

  async readBuffer(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.read(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafePrefix(prefix);
    // note: one DeleteObject per key; the batch DeleteObjects call needs checksums some S3 clones reject.
    for (const key of await this.list(prefix)) await this.delete(key);
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix || undefined,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  close(): void {
    this.client.destroy();
  }
}
