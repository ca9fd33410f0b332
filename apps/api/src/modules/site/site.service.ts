import type { TSiteResponse } from '@makazi/contracts/site';
import type { AppConfig } from '../../config';

export interface SiteService {
  info(): TSiteResponse;
}

export function createSiteService(config: Pick<AppConfig, 'demo'>): SiteService {
  const info: TSiteResponse = { demo: config.demo };
  return { info: () => info };
}
