import { pino } from 'pino';
import { REDACT_PATHS } from '../src/logging/logging.module.js';
import { LogCapture } from '../../../test/support/log-capture.js';

describe('log redaction', () => {
  it('censors personal data and credentials at the top level and two levels down', () => {
    const capture = new LogCapture();
    const logger = pino({ redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, capture);
    logger.info(
      {
        phone: '01012345678',
        lead: { name: '홍길동', email: 'hong@example.com', region: '서울' },
        req: { headers: { authorization: 'Bearer abc.def.ghi', 'x-api-key': 'ldk_secret' } },
        claim: { clientTel: '01099998888', bankAccount: '110-123-456789' },
        customer: { birthDate: '19850314', ci: 'CI-OF-THE-CUSTOMER', verificationToken: 'vt_secret' },
      },
      'something happened',
    );
    const line = capture.raw[0]!;
    for (const secret of [
      '01012345678',
      '홍길동',
      'hong@example.com',
      'abc.def.ghi',
      'ldk_secret',
      '01099998888',
      '110-123-456789',
      '19850314',
      'CI-OF-THE-CUSTOMER',
      'vt_secret',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(capture.lines[0]).toMatchObject({ lead: { region: '서울', name: '[redacted]' } });
  });
});
