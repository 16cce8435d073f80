import { Logger, type LoggerService } from '@nestjs/common';
import type { CoverageClaimsConfig } from '../../../config/coverage-claims.config.js';
import { SmsDeliveryError, type SmsMessage, type SmsReceipt, type SmsSender } from '../sms.port.js';
import { solapiAuthorization } from './solapi-signature.js';
import { parseJson, responseText } from '../../provider-answer.js';

/** What the adapter reads of the configuration (validated there: set whenever SMS_ADAPTER=solapi). */
export type SolapiSettings = Pick<
  CoverageClaimsConfig,
  'SOLAPI_API_KEY' | 'SOLAPI_API_SECRET' | 'SOLAPI_SENDER' | 'SOLAPI_BASE_URL' | 'SOLAPI_TIMEOUT_MS'
>;

export const SOLAPI_SEND_PATH = '/messages/v4/send-many/detail';

/**
 * Status codes of a refused message that only an operator can fix (SOLAPI's "메시지 상태 코드" table):
 * logged at error level with what they mean. Every other refusal is about the recipient (a blocked
 * number, an 080 opt-out, ...) and is a warning.
 */
const OPERATOR_STATUS_CODES: Readonly<Record<string, string>> = {
  '1020': 'the account is unknown or its credentials are wrong',
  '1029': 'the text holds characters an SMS cannot carry (check SMS_SERVICE_NAME)',
  '1030': 'the account has not enough balance',
  '1031': 'the text is longer than one SMS (check SMS_SERVICE_NAME)',
  '1062': 'the sender number (SOLAPI_SENDER) is not registered with the account',
  '2062': 'the sender number (SOLAPI_SENDER) is not registered with the account',
  '2063': 'the account is blocked',
  '2230': 'the account has not enough balance',
};

/** Error codes of a refused request that mean the key, the secret or this machine's clock is wrong (docs.solapi.com, "API Key 인증 방식"). */
const CREDENTIAL_ERROR_CODES = new Set(['InvalidAPIKey', 'SignatureDoesNotMatch', 'RequestTimeTooSkewed', 'DuplicatedSignature']);

/**
 * The `solapi` SMS adapter: SOLAPI's REST interface over `fetch` (the `solapi` SDK fixes its host and
 * retries network errors and 503 up to three times without a timeout of ours; docs/decisions/coverage-claims.md).
 * One request per message, bounded by SOLAPI_TIMEOUT_MS and never retried: a request that timed out
 * may still have been accepted, and a retry would put a second message on the phone.
 *
 * Logs never hold the phone or the text: only the message's reference, SOLAPI's message id and codes.
 */
export class SolapiSmsAdapter implements SmsSender {
  private readonly url: string;
  private readonly apiKey: string;
  private readonly apiSecret: string;
  private readonly sender: string;
  private readonly timeoutMs: number;

  constructor(
    settings: SolapiSettings,
    private readonly logger: LoggerService = new Logger('SolapiSms'),
  ) {
    const { SOLAPI_API_KEY: apiKey, SOLAPI_API_SECRET: apiSecret, SOLAPI_SENDER: sender } = settings;
    if (!apiKey || !apiSecret || !sender) throw new Error('SMS_ADAPTER=solapi needs SOLAPI_API_KEY, SOLAPI_API_SECRET and SOLAPI_SENDER');
    this.apiKey = apiKey;
    this.apiSecret = apiSecret;
    this.sender = sender;
    this.url = `${settings.SOLAPI_BASE_URL.replace(/\/+$/, '')}${SOLAPI_SEND_PATH}`;
    this.timeoutMs = settings.SOLAPI_TIMEOUT_MS;
  }

  async send(message: SmsMessage): Promise<SmsReceipt> {
    const context = { reference: message.reference };
    const body = {
      messages: [{ to: message.to, from: this.sender, text: message.text, type: 'SMS' }],
      showMessageList: true,
    };
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: {
          Authorization: solapiAuthorization(this.apiKey, this.apiSecret),
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await responseText(response);
    } catch (error) {
      throw this.unanswered(context, error);
    }
    const answer = parseJson(text);
    if (!response.ok) throw this.refusedRequest(context, response.status, answer);
    return this.receiptOf(context, response.status, answer);
  }

  /** SOLAPI's records of the messages are SOLAPI's: this adapter keeps nothing of its own to delete. */
  async forget(): Promise<void> {}

  private receiptOf(context: { reference: string }, status: number, answer: unknown): SmsReceipt {
    if (!isRecord(answer) || !Array.isArray(answer.failedMessageList)) {
      this.logger.warn({ ...context, solapiStatus: status }, 'SOLAPI answered with something that is not a send result');
      throw new SmsDeliveryError(`SOLAPI answered ${status} with something that is not a send result`);
    }
    // One message was sent: any entry in failedMessageList is that message, refused.
    const [failed] = answer.failedMessageList as unknown[];
    if (failed !== undefined) {
      const messageId = isRecord(failed) ? idOf(failed.messageId) : undefined;
      const code = isRecord(failed) && typeof failed.statusCode === 'string' ? failed.statusCode : 'unknown';
      const meaning = OPERATOR_STATUS_CODES[code];
      if (meaning) this.logger.error({ ...context, messageId, solapiCode: code }, `SOLAPI refused the message: ${meaning}`);
      else this.logger.warn({ ...context, messageId, solapiCode: code }, 'SOLAPI refused the message');
      throw new SmsDeliveryError(`SOLAPI refused the message (status ${code})`, messageId);
    }
    const [listed] = Array.isArray(answer.messageList) ? (answer.messageList as unknown[]) : [];
    const messageId =
      (isRecord(listed) ? idOf(listed.messageId) : undefined) ?? (isRecord(answer.groupInfo) ? idOf(answer.groupInfo.groupId) : undefined);
    if (messageId === undefined) {
      this.logger.warn({ ...context, solapiStatus: status }, 'SOLAPI accepted the request but named no message or group');
      throw new SmsDeliveryError('SOLAPI named no message or group');
    }
    return { messageId };
  }

  private refusedRequest(context: { reference: string }, status: number, answer: unknown): SmsDeliveryError {
    const code = isRecord(answer) && typeof answer.errorCode === 'string' ? answer.errorCode : undefined;
    const fields = { ...context, solapiStatus: status, solapiCode: code };
    if (code !== undefined && CREDENTIAL_ERROR_CODES.has(code)) {
      this.logger.error(fields, 'SOLAPI refused our credentials: check SOLAPI_API_KEY, SOLAPI_API_SECRET and this machine’s clock');
    } else if (status >= 400 && status < 500 && status !== 429) {
      this.logger.error(fields, 'SOLAPI refused the request: check the SOLAPI account and its settings');
    } else {
      this.logger.warn(fields, 'SOLAPI failed to take the message');
    }
    return new SmsDeliveryError(`SOLAPI answered ${status}${code === undefined ? '' : ` ${code}`}`);
  }

  private unanswered(context: { reference: string }, error: unknown): SmsDeliveryError {
    // Read by shape, not instanceof: fetch's errors may come from another realm than this module's.
    if (isRecord(error) && error.name === 'TimeoutError') {
      // The message may still have been accepted: the customer may get this number, which a new
      // request (a new number) makes useless. Never retried here.
      this.logger.warn({ ...context, timeoutMs: this.timeoutMs }, 'SOLAPI did not answer in time');
      return new SmsDeliveryError(`SOLAPI did not answer within ${this.timeoutMs} ms`);
    }
    const cause = isRecord(error) && isRecord(error.cause) && typeof error.cause.code === 'string' ? error.cause.code : undefined;
    this.logger.warn({ ...context, cause }, 'SOLAPI could not be reached');
    return new SmsDeliveryError(`SOLAPI could not be reached${cause === undefined ? '' : ` (${cause})`}`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An id SOLAPI gave (`M4V…`, `G4V…`), as the port keeps it: at most 64 characters. */
function idOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^[\w-]{1,64}$/.test(value) ? value : undefined;
}
