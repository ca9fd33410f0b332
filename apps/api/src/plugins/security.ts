import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config';

/** A year, subdomains included: the browser then refuses plain http for the site. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Browser features the app does not use, switched off for it and anything it could ever embed:
 * a script that got in (or a compromised dependency) cannot ask for the camera, the location or a
 * payment sheet. Photos are picked through a file input, which needs none of these. A feature the
 * app starts to use is allowed here for 'self' only.
 */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];
/**
 * What the app uses, for its own pages only: a listing's Share button opens the phone's share
 * sheet, or copies the listing's link where there is none.
 */
const SELF_FEATURES = ['clipboard-write', 'web-share'];
export const PERMISSIONS_POLICY = [
  ...DENIED_FEATURES.map((feature) => `${feature}=()`),
  ...SELF_FEATURES.map((feature) => `${feature}=(self)`),
].join(', ');

/**
 * Security headers for the API, the built SPA and /api/docs (Swagger UI loads only its own files).
 * - script-src 'self': Vite's production build emits no inline script.
 * - style-src 'unsafe-inline': the web app's MUI parts style through Emotion and react-toastify
 *   injects its CSS, both as <style> elements created at run time; a nonce would need index.html
 *   rendered per request, which the static, cacheable shell avoids. Inline styles cannot run
 *   code, so this is the cheap, common trade.
 * - img-src data: blob:: icons inlined by the bundler and previews of photos picked for upload.
 * - No CORS plugin on purpose: the web app is served from the same origin.
 */
export function registerSecurity(app: FastifyInstance, config: AppConfig): void {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The create wizard compresses photos in a Web Worker that browser-image-compression
        // starts from a blob: URL; without this, cheap phones compress on the main thread and freeze.
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        scriptSrcAttr: ["'none'"],
        // Upgrading would break a plain-http first run on 127.0.0.1.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Set per request below: it depends on how the request arrived.
    strictTransportSecurity: false,
    // Photos and fonts are same-origin; nothing is meant to be embedded by other sites.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Matches frame-ancestors 'none' for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  headers['Permissions-Policy'] = PERMISSIONS_POLICY;
  // HSTS means something only on an https answer (browsers ignore it over http, RFC 6797 §8.1):
  // sent when the site is declared https (PUBLIC_URL), or when this request came over TLS, which
  // behind a proxy only TRUST_PROXY lets X-Forwarded-Proto say (Fastify's request.protocol); a
  // plain-http start on 127.0.0.1 never pins the browser to https.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (https || request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done();
  });
}

/**
 * The headers helmet sets for `options`, computed once. @fastify/helmet built helmet's whole
 * middleware again on every request (CSP directives parsed, every header string rebuilt), which
 * cost more than some answers themselves; the headers never change, so they are taken once from
 * helmet's own middleware and set as they are.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    // helmet 8 throws a bad option itself; it calls next without an error.
    () => undefined,
  );
  return headers;
}
