import type { Config } from '../config';
import { createLocalStorage, type Storage } from './storage';

/**
 * The storage the configuration asks for: S3-compatible when S3_BUCKET is set, else DATA_DIR. The
 * AWS SDK is loaded only then (it is large, and most installs keep files on disk).
 */
export async function createStorage(config: Pick<Config, 's3' | 'dataDir'>): Promise<Storage> {
  if (!config.s3) return createLocalStorage(config.dataDir);
  const { createS3Storage } = await import('./s3-storage');
  return createS3Storage(config.s3);
}
