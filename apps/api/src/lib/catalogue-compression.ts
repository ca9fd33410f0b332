import { constants as zlibConstants } from 'node:zlib';

/*
 * Catalogue answers (the API's and the pages rendered from them) are compressed for every visitor who accepts it, at settings that cost the
 * server little: on a 45 KB page brotli quality 3 takes about a quarter of a millisecond where
 * @fastify/compress's default quality 4 takes twice that, for a body 5 % larger (about 7.2 KB
 * against 6.9 KB; measured in bench/README.md). gzip, for the few clients without brotli, at
 * level 4 likewise.
 */
export const CATALOGUE_COMPRESSION = {
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } },
  zlibOptions: { level: 4 },
  /*
   * In one call, not through a zlib stream on the thread pool (the plugin's way above 8 KiB on
   * two cores): for a page of this size the stream's machinery cost more than the compression.
   */
  syncThreshold: 1024 * 1024,
};
