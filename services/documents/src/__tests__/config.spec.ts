import { loadDocumentsConfig, storageOf } from '../config';

describe('documents config', () => {
  it('defaults to a directory under the data dir, per-plan limits and a fresh signing key', () => {
    const config = loadDocumentsConfig({}, '/data');
    expect(config.blobStore).toEqual({ kind: 'directory', directory: '/data/blobs' });
    expect(storageOf(config, 'free')).toEqual({ maxFileBytes: 25 * 1024 * 1024, quotaBytes: 1024 ** 3 });
    expect(storageOf(config, 'standard')).toEqual({ maxFileBytes: 100 * 1024 * 1024, quotaBytes: 100 * 1024 ** 3 });
    // An unknown plan never gets more than Free.
    expect(storageOf(config, 'platinum')).toEqual(storageOf(config, 'free'));
    expect(config.signingKeys.accepted).toEqual([config.signingKeys.current]);
    expect(config.signingKeys.current.length).toBeGreaterThanOrEqual(32);
  });

  it('reads S3 settings and both signing keys of a rotation', () => {
    const config = loadDocumentsConfig(
      {
        BLOB_STORE: 's3',
        S3_BUCKET: 'files',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        URL_SIGNING_KEY: 'n'.repeat(32),
        URL_SIGNING_KEY_PREVIOUS: 'p'.repeat(32),
        PUBLIC_URL: 'https://crm.example.com/',
      },
      '/data',
    );
    expect(config.blobStore).toEqual({
      kind: 's3',
      bucket: 'files',
      region: 'eu-west-2',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(config.signingKeys).toEqual({ current: 'n'.repeat(32), accepted: ['n'.repeat(32), 'p'.repeat(32)] });
    expect(config.publicUrl).toBe('https://crm.example.com');
  });

  it.each([
    [{ BLOB_STORE: 'ftp' }, 'BLOB_STORE must be directory or s3'],
    [{ BLOB_STORE: 's3' }, 'S3_BUCKET is required'],
    [{ BLOB_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'],
    [{ URL_SIGNING_KEY: 'short' }, 'URL_SIGNING_KEY must be at least 32 characters'],
    [{ DOCUMENTS_FREE_MAX_FILE_BYTES: '0' }, 'DOCUMENTS_FREE_MAX_FILE_BYTES must be >= 1'],
    [
      { DOCUMENTS_FREE_MAX_FILE_BYTES: '3000', DOCUMENTS_FREE_QUOTA_BYTES: '2000' },
      'must not exceed DOCUMENTS_FREE_QUOTA_BYTES',
    ],
    [{ S3_ENDPOINT: 'nope' }, 'S3_ENDPOINT must be a URL'],
  ])('refuses %j at start, naming the variable', (env, message) => {
    expect(() => loadDocumentsConfig(env, '/data')).toThrow(message);
  });

  it('never echoes a secret in its refusal', () => {
    expect(() => loadDocumentsConfig({ URL_SIGNING_KEY: 'secret-value' }, '/data')).toThrow(/^(?!.*secret-value)/);
  });
});
