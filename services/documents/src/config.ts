import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { bool, ConfigError, int, loadConfig, str, url, type VariableSpec } from '@crm/kit';
import { PLANS, planDefinition } from '@crm/protos';

// A URL signing key: at least 32 bytes of secret, given as text (base64 or hex both fine).
function signingKey(description: string): VariableSpec<string> {
  return {
    secret: true,
    description,
    parse(raw, name) {
      if (raw.length < 32) throw new ConfigError(`${name} must be at least 32 characters`);
      return raw;
    },
  };
}

function bytes(defaultValue: number, description: string) {
  return int({ default: defaultValue, min: 1, max: Number.MAX_SAFE_INTEGER, description });
}

// documents' own settings, read from the service's environment once at start.
export const DOCUMENTS_ENV = {
  PUBLIC_URL: url({
    default: 'http://127.0.0.1:8080',
    protocols: ['http', 'https'],
    description: 'public address of the gateway, the origin of signed upload and download URLs',
  }),
  BLOB_STORE: str({
    default: 'directory',
    description:
      'where file bytes are kept: directory (BLOB_DIR, e.g. a mounted volume) or s3 (S3-compatible object storage)',
  }),
  BLOB_DIR: str({ description: 'directory of the directory store; default DATA_DIR/blobs' }),
  S3_BUCKET: str({ description: 'bucket of the s3 store (required with BLOB_STORE=s3)' }),
  S3_REGION: str({ default: 'eu-west-2', description: 'region of the s3 store' }),
  S3_ENDPOINT: url({
    protocols: ['http', 'https'],
    description: 'endpoint of an S3-compatible server; AWS when unset',
  }),
  S3_FORCE_PATH_STYLE: bool({
    default: false,
    description: 'path-style bucket addressing (most S3-compatible servers need it)',
  }),
  S3_ACCESS_KEY_ID: str({
    secret: true,
    description: 'access key id of the s3 store; the default credential chain when unset',
  }),
  S3_SECRET_ACCESS_KEY: str({ secret: true, description: 'secret access key of the s3 store' }),
  URL_SIGNING_KEY: signingKey(
    'signs upload and download URLs (HMAC-SHA256); a fresh one per process when unset (embedded mode only: links then die with the process)',
  ),
  URL_SIGNING_KEY_PREVIOUS: signingKey(
    'the key before a rotation: URLs it signed are still accepted until they expire',
  ),
  // The plans' limits (protos/rest/plans.ts), which an installation may change.
  DOCUMENTS_FREE_MAX_FILE_BYTES: bytes(PLANS.free.limits.file_bytes, 'largest file on the Free plan'),
  DOCUMENTS_FREE_QUOTA_BYTES: bytes(
    PLANS.free.limits.storage_bytes,
    'storage of a workspace on the Free plan, all files together',
  ),
  DOCUMENTS_STANDARD_MAX_FILE_BYTES: bytes(PLANS.standard.limits.file_bytes, 'largest file on the Standard plan'),
  DOCUMENTS_STANDARD_QUOTA_BYTES: bytes(
    PLANS.standard.limits.storage_bytes,
    'storage of a workspace on the Standard plan, all files together',
  ),
};

export interface PlanStorage {
  maxFileBytes: number;
  quotaBytes: number;
}

export type BlobStoreConfig =
  | { kind: 'directory'; directory: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export interface DocumentsConfig {
  // Without a trailing slash; URLs are `${publicUrl}/v1/public/files/...`.
  publicUrl: string;
  blobStore: BlobStoreConfig;
  // The key new URLs are signed with, then the keys accepted (current first).
  signingKeys: { current: string; accepted: string[] };
  plans: { free: PlanStorage; standard: PlanStorage };
}

export function loadDocumentsConfig(env: NodeJS.ProcessEnv, dataDir: string): DocumentsConfig {
  const config = loadConfig(DOCUMENTS_ENV, env);
  const current = config.URL_SIGNING_KEY ?? randomBytes(32).toString('base64url');
  const plans = {
    free: { maxFileBytes: config.DOCUMENTS_FREE_MAX_FILE_BYTES, quotaBytes: config.DOCUMENTS_FREE_QUOTA_BYTES },
    standard: {
      maxFileBytes: config.DOCUMENTS_STANDARD_MAX_FILE_BYTES,
      quotaBytes: config.DOCUMENTS_STANDARD_QUOTA_BYTES,
    },
  };
  for (const [plan, storage] of Object.entries(plans)) {
    if (storage.maxFileBytes > storage.quotaBytes)
      throw new ConfigError(
        `DOCUMENTS_${plan.toUpperCase()}_MAX_FILE_BYTES must not exceed DOCUMENTS_${plan.toUpperCase()}_QUOTA_BYTES`,
      );
  }
  return {
    publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
    blobStore: blobStoreConfig(config, dataDir),
    signingKeys: {
      current,
      accepted: config.URL_SIGNING_KEY_PREVIOUS ? [current, config.URL_SIGNING_KEY_PREVIOUS] : [current],
    },
    plans,
  };
}

function blobStoreConfig(
  config: ReturnType<typeof loadConfig<typeof DOCUMENTS_ENV>>,
  dataDir: string,
): BlobStoreConfig {
  if (config.BLOB_STORE === 'directory')
    return { kind: 'directory', directory: config.BLOB_DIR ?? join(dataDir, 'blobs') };
  if (config.BLOB_STORE !== 's3') throw new ConfigError('BLOB_STORE must be directory or s3');
  if (!config.S3_BUCKET) throw new ConfigError('S3_BUCKET is required with BLOB_STORE=s3');
  if ((config.S3_ACCESS_KEY_ID === undefined) !== (config.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are given together or not at all');
  }
  return {
    kind: 's3',
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

// The plan the claims name; anything unknown gets the Free plan's storage, never more.
export function storageOf(config: DocumentsConfig, plan: string): PlanStorage {
  return config.plans[planDefinition(plan).name];
}
