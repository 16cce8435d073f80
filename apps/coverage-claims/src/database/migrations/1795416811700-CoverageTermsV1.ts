import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first version of the terms a customer agrees to before a coverage analysis. The texts are part
 * of this migration so that it stays what it was when applied: a changed text is a new version in a
 * new migration (docs/decisions/coverage-claims.md, "Terms").
 */
const TERMS = [
  {
    id: 'coverage-privacy-collection-v1',
    code: 'coverage-privacy-collection',
    title: '개인정보 수집·이용 동의',
    required: true,
    body: `회사는 「개인정보 보호법」 제15조에 따라 보험 보장분석 서비스를 제공하기 위하여 아래와 같이 개인정보를 수집·이용합니다.

1. 수집·이용 목적
 - 본인 확인(휴대전화 인증번호 발송 및 확인)
 - 가입한 보험계약의 조회, 보장분석 결과 및 보고서의 작성·제공
 - 담당 보험설계사의 상담 및 민원 처리

2. 수집·이용 항목
 - 성명, 생년월일, 성별, 휴대전화번호
 - 보험계약 정보(보험회사, 상품명, 계약일·만기일, 보험료, 납입 정보, 보장 내용)
 - 서비스 이용 기록(인증 일시, 동의 일시, 담당 보험설계사)

3. 보유·이용 기간
 - 수집·이용 목적이 달성되거나 귀하가 삭제를 요청하면 지체 없이 파기합니다.
 - 다만 관계 법령에 따라 보존할 필요가 있는 정보는 그 법령이 정한 기간 동안 보존합니다.

4. 동의를 거부할 권리 및 거부 시 불이익
 - 귀하는 위 개인정보의 수집·이용에 대한 동의를 거부할 권리가 있습니다.
 - 다만 이 동의는 보장분석 서비스 제공에 꼭 필요하므로, 동의하지 않으시면 본인 확인과 보장분석 서비스를 이용하실 수 없습니다.`,
  },
  {
    id: 'coverage-third-party-provision-v1',
    code: 'coverage-third-party-provision',
    title: '개인(신용)정보 제3자 제공 동의',
    required: true,
    body: `회사는 「개인정보 보호법」 제17조 및 「신용정보의 이용 및 보호에 관한 법률」 제32조에 따라 아래와 같이 귀하의 개인(신용)정보를 제3자에게 제공합니다.

1. 제공받는 자
 - 보험계약 정보 조회기관(보험회사들의 계약 정보를 모아 조회 서비스를 제공하는 기관)
 - 귀하와 보험계약을 맺은 보험회사

2. 제공받는 자의 이용 목적
 - 본인 확인 및 귀하가 가입한 보험계약 내역의 조회·회신

3. 제공하는 항목
 - 성명, 생년월일, 성별, 휴대전화번호, 본인 확인 결과

4. 제공받는 자의 보유·이용 기간
 - 조회 목적을 달성할 때까지. 다만 관계 법령에 따라 보존할 필요가 있는 정보는 그 법령이 정한 기간 동안 보존합니다.

5. 동의를 거부할 권리 및 거부 시 불이익
 - 귀하는 개인(신용)정보의 제3자 제공에 대한 동의를 거부할 권리가 있습니다.
 - 다만 동의하지 않으시면 보험계약을 조회할 수 없어 보장분석 서비스를 이용하실 수 없습니다.`,
  },
  {
    id: 'coverage-unique-identifier-v1',
    code: 'coverage-unique-identifier',
    title: '고유식별정보 처리 동의',
    required: true,
    body: `회사는 「개인정보 보호법」 제24조에 따라 아래와 같이 귀하의 고유식별정보를 처리합니다.

1. 처리 목적
 - 보험계약 조회를 위한 본인 식별(보험계약 정보 조회기관 및 보험회사에 대한 조회 요청)

2. 처리 항목
 - 주민등록번호, 또는 이를 대신하여 본인확인기관이 발급하는 연계정보(CI)

3. 보유·이용 기간
 - 주민등록번호는 보험계약 조회에만 쓰고 조회가 끝나면 지체 없이 파기합니다.
 - 연계정보(CI)는 암호화하여 보관하며 귀하의 정보가 삭제될 때 함께 파기합니다.

4. 제공
 - 위 목적을 위하여 「개인(신용)정보 제3자 제공 동의」에서 정한 제공받는 자에게 제공될 수 있습니다.

5. 동의를 거부할 권리 및 거부 시 불이익
 - 귀하는 고유식별정보 처리에 대한 동의를 거부할 권리가 있습니다.
 - 다만 동의하지 않으시면 보험계약 조회를 위한 본인 식별이 불가능하여 보장분석 서비스를 이용하실 수 없습니다.`,
  },
  {
    id: 'coverage-marketing-v1',
    code: 'coverage-marketing',
    title: '마케팅 정보 수신 동의',
    required: false,
    body: `회사와 담당 보험설계사는 아래와 같이 귀하의 개인정보를 이용하여 광고성 정보를 보내드립니다. 이 동의는 선택 사항입니다.

1. 이용 목적
 - 보장분석 결과에 따른 보험상품 안내, 보장 점검 알림, 이벤트 및 혜택 안내

2. 이용 항목
 - 성명, 휴대전화번호, 생년월일, 성별, 보장분석 결과

3. 전송 방법
 - 문자메시지(SMS·LMS·MMS), 전화, 카카오 알림톡

4. 보유·이용 기간
 - 동의를 철회하거나 귀하의 정보가 삭제될 때까지

5. 동의를 거부할 권리 및 거부 시 불이익
 - 귀하는 이 동의를 거부할 수 있으며, 거부하셔도 보장분석 서비스 이용에는 아무런 제한이 없습니다.
 - 동의한 뒤에도 언제든지 담당 보험설계사 또는 회사 고객센터를 통해 수신을 거부(동의 철회)하실 수 있습니다.
 - 「정보통신망 이용촉진 및 정보보호 등에 관한 법률」 제50조에 따라 오후 9시부터 다음 날 오전 8시까지는 따로 동의를 받지 않는 한 광고성 정보를 보내지 않습니다.`,
  },
];

const EFFECTIVE_DATE = '2026-11-01';

export class CoverageTermsV11795416811700 implements MigrationInterface {
  name = 'CoverageTermsV11795416811700';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [index, term] of TERMS.entries()) {
      await queryRunner.query(
        `INSERT INTO "terms" ("id", "purpose", "code", "version", "title", "required", "body", "effective_date", "sort_order")
         VALUES ($1, 'COVERAGE_ANALYSIS', $2, 1, $3, $4, $5, $6, $7)`,
        [term.id, term.code, term.title, term.required, term.body, EFFECTIVE_DATE, index + 1],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "terms" WHERE "id" = ANY($1)`, [TERMS.map((term) => term.id)]);
  }
}
