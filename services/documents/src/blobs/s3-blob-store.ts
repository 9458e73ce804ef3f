import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { Logger } from '@crm/kit';
import type { BlobStore } from './blob-store';
import { exactSize } from './exact-size';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  // The service's log, for what the client itself warns of (below).
  logger?: Logger;
}

// The client's own warnings (a streamed upload that failed, say) as lines of the service's log:
// with no logger the SDK writes them to the console, outside the JSON lines operators read. Its
// debug, info and error lines are left out: they carry each command with its input, and every
// failed command (a missing key among them) is answered to the caller, who decides what to log.
function clientLogger(logger: Logger): NonNullable<S3ClientConfig['logger']> {
  const quiet = () => undefined;
  return {
    trace: quiet,
    debug: quiet,
    info: quiet,
    warn: (...content: unknown[]) =>
      logger.warn(
        { component: 's3-client' },
        content.map((part) => (part instanceof Error ? part.message : String(part))).join(' '),
      ),
    error: quiet,
  };
}

function isNotFound(error: unknown): boolean {
  const shape = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return shape.name === 'NoSuchKey' || shape.name === 'NotFound' || shape.$metadata?.httpStatusCode === 404;
}

// Bytes as objects in one bucket of S3 or an S3-compatible server (MinIO, Ceph, R2, ...). An
// object is written by one PUT with its length declared, so S3 stores it whole or not at all.
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3BlobStoreOptions) {
    const config: S3ClientConfig = {
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Checksums on every request would make the client read a stream twice; the length is
      // declared and documents keeps its own SHA-256.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      ...(options.logger ? { logger: clientLogger(options.logger) } : {}),
    };
    this.client = new S3Client(config);
    this.bucket = options.bucket;
  }

  // Fails fast at start when the bucket cannot be reached with these settings.
  async start(): Promise<this> {
    try {
      await this.ping();
    } catch (error) {
      this.client.destroy();
      throw new Error(`the S3 bucket ${this.bucket} is not reachable: ${(error as Error).name ?? 'error'}`, {
        cause: error,
      });
    }
    return this;
  }

  async put(key: string, body: Readable, options: { size: number; contentType: string }): Promise<void> {
    const counted = body.pipe(exactSize(options.size));
    body.once('error', (error) => counted.destroy(error));
    // A body that fails or has the wrong length aborts the PUT: S3 then keeps nothing of it
    // (without this the request would wait for bytes that never come).
    const abort = new AbortController();
    let failure: Error | undefined;
    counted.once('error', (error) => {
      failure = error;
      abort.abort(error);
    });
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: counted,
          ContentLength: options.size,
          ContentType: options.contentType,
        }),
        { abortSignal: abort.signal },
      );
    } catch (error) {
      throw failure ?? error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Readable | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = object.Body;
      if (!body) return null;
      return body instanceof Readable
        ? body
        : Readable.fromWeb(
            (body as unknown as { transformToWebStream(): ReadableStream }).transformToWebStream() as never,
          );
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
