import type { PageRendererModule } from '@makazi/contracts/page-rendering';
import { createPageRendererFromBuild } from './server/page-renderer';

/** The server renderer the API loads from dist/.ssr (decision 034). */
export const createPageRenderer: PageRendererModule['createPageRenderer'] =
  createPageRendererFromBuild;
