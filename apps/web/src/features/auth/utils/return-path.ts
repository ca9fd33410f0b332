import { isRecord } from '../../../lib/guards';

/*
 * Navigation state of the sign-in screens: `from` (set by the login guard: the location the
 * visitor wanted) and `phoneNumber` (a number to pre-fill). Both come from history state, which any
 * page can write, so they are checked before use.
 */

const SIGN_IN_PATHS = new Set(['/login', '/register']);

/** A path inside this app: one leading slash, no scheme, no protocol-relative `//` or `/\`. */
function isAppPath(pathname: string): boolean {
  return (
    pathname.startsWith('/') &&
    !pathname.startsWith('//') &&
    !pathname.includes('\\') &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f]/.test(pathname)
  );
}

function part(value: unknown, prefix: string): string | null {
  if (value === undefined || value === null || value === '') return '';
  return typeof value === 'string' && value.startsWith(prefix) ? value : null;
}

/**
 * Where to go after signing in: `state.from` when it is a location (or path) of this app, else null.
 * A `from` pointing back at the sign-in screens is ignored, so signing in never loops.
 */
export function returnPath(state: unknown): string | null {
  if (!isRecord(state)) return null;
  const { from } = state;
  let pathname: string;
  let rest = '';
  if (typeof from === 'string') {
    pathname = from.split(/[?#]/)[0] ?? '';
    rest = from.slice(pathname.length);
  } else if (isRecord(from) && typeof from.pathname === 'string') {
    const search = part(from.search, '?');
    const hash = part(from.hash, '#');
    if (search === null || hash === null) return null;
    pathname = from.pathname;
    rest = `${search}${hash}`;
  } else {
    return null;
  }
  if (!isAppPath(pathname) || SIGN_IN_PATHS.has(pathname.replace(/\/+$/, ''))) return null;
  return `${pathname}${rest}`;
}

/** `state.from` as it came, to hand on between /login and /register. */
export function fromState(state: unknown): unknown {
  return isRecord(state) ? state.from : undefined;
}

/** `state.phoneNumber` when it is a short string: the value only pre-fills a field. */
/** Whether the screen was reached just after registering: the code is then sent at once. */
export function sendCodeFromState(state: unknown): boolean {
  return isRecord(state) && state.sendCode === true;
}

export function phoneFromState(state: unknown): string | undefined {
  if (!isRecord(state)) return undefined;
  const { phoneNumber } = state;
  return typeof phoneNumber === 'string' && phoneNumber.length <= 20 ? phoneNumber : undefined;
}
