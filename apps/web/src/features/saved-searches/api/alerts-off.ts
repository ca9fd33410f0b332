import { useMutation } from '@tanstack/react-query';
import type { TAlertsOffResponse } from '@makazi/contracts/saved-searches';
import { apiSend } from '../../../lib/api-client';
import { isRecord } from '../../../lib/guards';
import { hasSavedFilters } from './saved-searches';

function isAlertsOffAnswer(body: unknown): body is TAlertsOffResponse {
  return isRecord(body) && hasSavedFilters(body) && body.alerts === 'off';
}

/**
 * POST /api/alerts/off {code}: the link of an alert SMS, without sign-in. Only a person's press
 * sends it: SMS apps open links to preview them, and a preview must change nothing.
 */
export function useAlertsOff() {
  return useMutation({
    mutationFn: (code: string) => apiSend('POST', '/alerts/off', { code }, isAlertsOffAnswer),
  });
}
