import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first version of the terms a customer agrees to before a planner files an insurance claim for
 * them (GET /api/v1/claim/terms). The texts are part of this migration so that it stays what it was
 * when applied: a changed text is a new version in a new migration.
 */
const TERMS = [
  {
    id: 'claim-privacy-collection-v1',
    code: 'claim-privacy-collection',
    title: '보험금 청구를 위한 개인정보 수집·이용 동의',
    body: `회사는 「개인정보 보호법」 제15조에 따라 보험금 청구 대행 서비스를 제공하기 위하여 아래와 같이 개인정보를 수집·이용합니다.

1. 수집·이용 목적
 - 보험금 청구서의 작성과 보험회사로의 전송(팩스), 전송 결과의 확인
 - 청구 내역의 조회와 담당 보험설계사의 상담 및 민원 처리

2. 수집·이용 항목
 - 성명, 생년월일, 휴대전화번호, 직업
 - 보험금을 받을 계좌(은행, 계좌번호, 예금주)
 - 사고 정보(사고 일자·장소·유형·경위), 연락받을 사람과 연락처
 - 첨부 서류(진단서, 진료비 영수증 등 청구 서류의 사본)

3. 보유·이용 기간
 - 청구가 보험회사에 전송된 날부터 5년간 보관하며, 그 뒤 지체 없이 파기합니다.
 - 다만 관계 법령에 따라 보존할 필요가 있는 정보는 그 법령이 정한 기간 동안 보존합니다.

4. 동의를 거부할 권리 및 거부 시 불이익
 - 귀하는 위 개인정보의 수집·이용에 대한 동의를 거부할 권리가 있습니다.
 - 다만 이 동의는 보험금 청구 대행에 꼭 필요하므로, 동의하지 않으시면 이 서비스로 보험금을 청구하실 수 없습니다.`,
  },
  {
    id: 'claim-sensitive-data-v1',
    code: 'claim-sensitive-data',
    title: '민감정보(건강정보) 처리 동의',
    body: `회사는 「개인정보 보호법」 제23조에 따라 보험금 청구를 위하여 아래와 같이 귀하의 민감정보(건강정보)를 처리합니다.

1. 처리 목적
 - 보험금 청구서와 첨부 서류의 작성·보관 및 보험회사로의 전송

2. 처리 항목
 - 진단명, 치료 내용, 진단서·진료비 영수증·진료비 세부내역서 등 청구 서류에 적힌 건강정보

3. 보유·이용 기간
 - 청구가 보험회사에 전송된 날부터 5년간 암호화하여 보관하며, 그 뒤 지체 없이 파기합니다.

4. 동의를 거부할 권리 및 거부 시 불이익
 - 귀하는 민감정보 처리에 대한 동의를 거부할 권리가 있습니다.
 - 다만 동의하지 않으시면 이 서비스로 보험금을 청구하실 수 없습니다.`,
  },
  {
    id: 'claim-third-party-provision-v1',
    code: 'claim-third-party-provision',
    title: '보험회사에 대한 개인(신용)정보 제공 동의',
    body: `회사는 「개인정보 보호법」 제17조 및 「신용정보의 이용 및 보호에 관한 법률」 제32조에 따라 아래와 같이 귀하의 개인(신용)정보를 제공합니다.

1. 제공받는 자
 - 귀하가 보험금을 청구하는 보험회사

2. 제공받는 자의 이용 목적
 - 보험금 청구의 접수, 심사 및 지급

3. 제공하는 항목
 - 보험금 청구서에 적힌 정보 전부와 첨부 서류(민감정보 포함)

4. 제공받는 자의 보유·이용 기간
 - 보험회사가 관계 법령과 보험계약에 따라 정한 기간

5. 동의를 거부할 권리 및 거부 시 불이익
 - 귀하는 위 제공에 대한 동의를 거부할 권리가 있습니다.
 - 다만 동의하지 않으시면 청구서를 보험회사에 전송할 수 없어 이 서비스로 보험금을 청구하실 수 없습니다.`,
  },
];

const EFFECTIVE_DATE = '2026-11-01';

export class ClaimTermsV11795425689900 implements MigrationInterface {
  name = 'ClaimTermsV11795425689900';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [index, term] of TERMS.entries()) {
      await queryRunner.query(
        `INSERT INTO "terms" ("id", "purpose", "code", "version", "title", "required", "body", "effective_date", "sort_order")
         VALUES ($1, 'CLAIM', $2, 1, $3, true, $4, $5, $6)`,
        [term.id, term.code, term.title, term.body, EFFECTIVE_DATE, index + 1],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "terms" WHERE "id" = ANY($1)`, [TERMS.map((term) => term.id)]);
  }
}
