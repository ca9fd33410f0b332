import type { onRequestAsyncHookHandler } from 'fastify';
import { adminOf, type AdminTokenAuthenticator } from '../../plugins/admin-authentication';
import type { RequireSignIn } from '../../plugins/authentication';

export type AdminOrSignIn = onRequestAsyncHookHandler;

/**
 * The onRequest hook of a user route an admin may also read (an owner's contact, a payment): a
 * live admin token sets request.admin and the route answers with its admin rule; anything else
 * goes through requireSignIn as before, so a user sees exactly what they saw without it.
 */
export function createAdminOrSignIn(
  admins: AdminTokenAuthenticator,
  requireSignIn: RequireSignIn,
): AdminOrSignIn {
  return async function adminOrSignIn(request, reply) {
    const admin = await adminOf(admins, request);
    if (admin) {
      request.admin = admin;
      return;
    }
    await requireSignIn.call(this, request, reply);
  };
}
