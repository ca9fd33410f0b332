/*
 * Resumable photo uploads (issue 22, decision 043): the protocol's values, free of zod so the web
 * client can send uploads without shipping a schema library. uploads.ts has the schemas.
 */

/** Where tus uploads are created; an upload's URL is `${UPLOADS_PATH}/<id>` (its Location). */
export const UPLOADS_PATH = '/api/uploads';

/** Upload-Metadata keys a creation must carry: the listing (a uuid) and the picture label. */
export const UPLOAD_METADATA_REQUIRED = ['propertyId', 'label'] as const;
/** Upload-Metadata keys a creation may carry (tus-js-client sends them): kept, never trusted. */
export const UPLOAD_METADATA_OPTIONAL = ['filetype', 'filename'] as const;

/** PATCH bodies the web client sends: small enough for a phone on 3G to finish one in seconds. */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;

/**
 * Photos the web client sends at once: two keep a slow line busy without one photo starving the
 * other. Here beside the chunk size so the load specs send photos as the wizard does.
 */
export const PARALLEL_UPLOADS = 2;
