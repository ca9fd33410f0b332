import path from 'node:path';
import type { SmsConfig } from '../../config';
import { createAfricasTalkingSms } from './africastalking-sms';
import { createBeemSms } from './beem-sms';
import { createOutboxSms, type OutboxLine } from './outbox-sms';
import type { SmsGateway } from './sms-gateway';

export const SMS_OUTBOX_FILE = 'sms-outbox.jsonl';

export interface CreateSmsGatewayOptions {
  dataDir: string;
  /** Where the outbox also logs each message. */
  logOutbox?: (line: OutboxLine) => void;
}

/** The gateway SMS_PROVIDER names, built from its credentials in the config. */
export function createSmsGateway(config: SmsConfig, options: CreateSmsGatewayOptions): SmsGateway {
  switch (config.provider) {
    case 'outbox':
      return createOutboxSms({
        file: path.join(options.dataDir, SMS_OUTBOX_FILE),
        log: options.logOutbox,
      });
    case 'beem':
      return createBeemSms(config);
    case 'africastalking':
      return createAfricasTalkingSms(config);
  }
}
