import { ConfigError, loadConfig } from '#platform';
import { CoverageClaimsConfig } from '../../src/config/coverage-claims.config.js';
import { SMS_MAX_BYTES, smsBytes } from '../../src/integrations/sms/sms.port.js';
import { verificationText } from '../../src/verifications/verification-rules.js';

const serviceNameProblem = (name: string): string | undefined => {
  try {
    loadConfig(CoverageClaimsConfig, { SMS_SERVICE_NAME: name });
    return undefined;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems.find((problem) => problem.startsWith('SMS_SERVICE_NAME'));
  }
};

describe('SMS bytes, as carriers count them', () => {
  it('count 1 for printable ASCII and 2 for Korean and the other characters of KS X 1001', () => {
    expect(smsBytes('[123456] ok')).toBe(11);
    expect(smsBytes('보장분석')).toBe(8);
    expect(smsBytes('※ 가A')).toBe(6);
  });

  it('have no count for what an SMS cannot carry: a syllable outside 완성형, an emoji, a control character', () => {
    expect(smsBytes('똠방')).toBeNull();
    expect(smsBytes('보장😀')).toBeNull();
    expect(smsBytes('a\tb')).toBeNull();
  });
});

describe('the one-time-number text', () => {
  it('reads as the customer receives it', () => {
    expect(verificationText('보장분석', '012345')).toBe('[보장분석] 본인확인 인증번호는 [012345]입니다. 3분 안에 입력해 주세요.');
  });

  it('stays within one SMS (90 bytes) with the longest service name the configuration takes: 10 Korean characters', () => {
    const longest = '한빛에셋보장분석센터';
    expect(serviceNameProblem(longest)).toBeUndefined();
    expect(smsBytes(verificationText(longest, '999999'))).toBe(82);
    expect(smsBytes(verificationText(longest, '999999'))).toBeLessThanOrEqual(SMS_MAX_BYTES);
    // No accepted name is wider: at most 10 characters of at most 2 bytes.
    expect(smsBytes(verificationText('가'.repeat(10), '000000'))).toBeLessThanOrEqual(SMS_MAX_BYTES);
    expect(smsBytes(verificationText('보장분석', '000000'))).toBe(70);
  });

  it('takes SMS_SERVICE_NAME only as what fits: 1 to 10 characters an SMS carries, no brackets, line breaks or surrounding spaces', () => {
    for (const accepted of ['보장분석', 'Coverage', '한빛 에셋', '가'.repeat(10), 'A'.repeat(10)])
      expect(serviceNameProblem(accepted)).toBeUndefined();
    // (An empty value counts as unset: the default name.)
    for (const refused of ['가'.repeat(11), '보장[분석]', '보장\n분석', ' 보장분석', '똠방보장', '보장😀'])
      expect(serviceNameProblem(refused)).toMatch(/^SMS_SERVICE_NAME: must be 1 to 10 characters an SMS carries/);
  });
});
