/**
 * Storage on S3-compatible object storage (AWS S3, MinIO, Ceph, R2...), for several API and worker
 * machines sharing files. Keys are used as object names unchanged, under an optional prefix.
 */
import {
  DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { assertSafeKey, type Storage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export function s3Storage(o: S3StorageOptions): Storage & { client: S3Client } {
  const config: S3ClientConfig = {
    region: o.region,
    forcePathStyle: o.forcePathStyle,
    // A streamed body is otherwise sent aws-chunked with a trailing checksum, which several S3-compatible
    // servers store verbatim (s3rver does); checksums are still sent and checked where an operation needs them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    // Without explicit keys the SDK's default chain applies (instance roles, AWS_* variables).
    ...(o.accessKeyId && o.secretAccessKey ? { credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } } : {}),
  };
  const client = new S3Client(config);
  const Bucket = o.bucket;
  return {
    client,
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }));
    },
    async putFile(key, path, contentType) {
      assertSafeKey(key);
      const { size } = await stat(path);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(path), ContentType: contentType, ContentLength: size }));
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deletePrefix(prefix) {
      const clean = `${prefix.replace(/\/+$/, '')}/`;
      assertSafeKey(clean.slice(0, -1));
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: clean, ContinuationToken: token }));
        const keys = (page.Contents ?? []).map((c) => c.Key).filter((k): k is string => Boolean(k));
        if (keys.length > 0) {
          await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
