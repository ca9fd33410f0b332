import { ensureBuilt } from '@makazi/bench/app-process';

/** The specs run the built server (`node apps/api/dist/server.js`), as production does. */
export default function setup(): void {
  ensureBuilt();
}
