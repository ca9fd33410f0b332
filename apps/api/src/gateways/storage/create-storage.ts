import path from 'node:path';
import type { MediaStorageConfig } from '../../config';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import type { StorageGateway } from './storage-gateway';

export interface CreateStorageOptions {
  /** Disk media live in `${dataDir}/media`, outside the web root. */
  dataDir: string;
}

/** The store MEDIA_STORAGE names, built from its settings in the config. */
export function createStorage(
  config: MediaStorageConfig,
  options: CreateStorageOptions,
): StorageGateway {
  switch (config.kind) {
    case 'disk':
      return createDiskStorage(path.join(options.dataDir, 'media'));
    case 's3':
      return createS3Storage(config);
  }
}
