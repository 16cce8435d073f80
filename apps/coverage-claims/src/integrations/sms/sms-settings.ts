import { ValidateBy } from 'class-validator';
import { smsBytes } from './sms.port.js';

// What the SMS settings must be (config/integrations.config.ts declares them; the rules are the SMS
// port's and its adapters', so here).

/** Whether SOLAPI sends the one-time numbers (then SOLAPI_* are required). */
export const usesSolapi = (config: { SMS_ADAPTER: string }) => config.SMS_ADAPTER === 'solapi';

/**
 * SMS_SERVICE_NAME, the head of every one-time-number text: 1 to 10 characters an SMS carries
 * (printable ASCII, Korean of EUC-KR 완성형), no brackets or line breaks, so that the text stays
 * within one SMS (verification-rules.ts).
 */
export const IsSmsServiceName = () =>
  ValidateBy({
    name: 'isSmsServiceName',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' && /^[^\r\n[\]]{1,10}$/u.test(value) && value.trim() === value && smsBytes(value) !== null,
      defaultMessage: () =>
        'must be 1 to 10 characters an SMS carries (printable ASCII, Korean of EUC-KR 완성형), without brackets, line breaks or surrounding spaces',
    },
  });
