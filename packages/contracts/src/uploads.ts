import { z } from 'zod';

/*
 * Resumable photo uploads (issue 22, decision 043). Each photo is sent on its own with the tus
 * protocol (https://tus.io/protocols/resumable-upload, version 1.0.0) to UPLOADS_PATH, then
 * attached to its listing with POST /api/properties/{id}/photos/uploads/{uploadId}, which answers
 * the owner view as the multipart upload does.
 *
 * Creation (POST UPLOADS_PATH) needs Upload-Length (at most PHOTO_MAX_BYTES; no deferred length)
 * and Upload-Metadata naming UPLOAD_METADATA_REQUIRED, optionally UPLOAD_METADATA_OPTIONAL, and
 * nothing else. Upload-Metadata values are base64, as the tus protocol has them.
 */

export {
  UPLOADS_PATH,
  UPLOAD_METADATA_REQUIRED,
  UPLOAD_METADATA_OPTIONAL,
  UPLOAD_CHUNK_BYTES,
} from './upload-values';

/** An upload's id as the server makes them (a uuid): the last segment of its Location. */
export const ZUploadId = z.uuid('must be an upload id');

/** POST /api/properties/{id}/photos/uploads/{uploadId}. */
export const ZAttachUploadParams = z.object({
  id: z.uuid('must be a listing id'),
  uploadId: ZUploadId,
});
export type TAttachUploadParams = z.infer<typeof ZAttachUploadParams>;
