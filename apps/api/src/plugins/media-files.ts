import type { FastifyInstance } from 'fastify';
import { isValidStorageKey, type StorageGateway } from '../gateways/storage/storage-gateway';
import { AppError, invalidField } from '../lib/errors';

// Keys are random and never reused for other content, so a stored object never changes.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /media/<key>: photos straight from the storage gateway (never from the web root). */
export function registerMediaFiles(app: FastifyInstance, storage: StorageGateway): void {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    // The router has already percent-decoded the wildcard, so %2f..%2f arrives as ../ and is refused here.
    const key = (request.params as { '*': string })['*'];
    if (!isValidStorageKey(key)) throw invalidField('key', 'is not a valid media key');
    const object = await storage.get(key);
    if (!object) throw new AppError('NOT_FOUND', 'Media not found');
    return reply
      .header('Cache-Control', IMMUTABLE)
      .header('Content-Length', object.size)
      .type(object.contentType)
      .send(object.body);
  });
}
