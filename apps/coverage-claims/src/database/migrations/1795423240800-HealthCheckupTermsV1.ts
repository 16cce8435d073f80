import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first version of the consent a customer gives before their national health check-ups are
 * retrieved: health data is sensitive data (「개인정보 보호법」 제23조), processed only with a consent
 * of its own. The text is part of this migration so that it stays what it was when applied.
 */
const TERM = {
  id: 'medical-health-checkup-v1',
  code: 'medical-health-checkup',
  title: '민감정보(건강검진정보) 수집·이용 동의',
  body: `회사는 「개인정보 보호법」 제23조에 따라 의료 보장분석 서비스를 제공하기 위하여 아래와 같이 귀하의 민감정보(건강정보)를 수집·이용합니다.

1. 수집·이용 목적
 - 국민건강보험공단 간편인증을 통한 건강검진 결과의 조회
 - 건강검진 결과에 따른 질환 위험과 가입한 보험의 보장을 비교하는 의료 보장분석 결과 및 보고서의 작성·제공

2. 수집·이용 항목
 - 최근 10년간의 일반건강검진 결과(검진 연도·일자·기관, 신체계측, 혈압, 요검사, 혈액검사, 흉부방사선 검사 결과와 그 판정)
 - 간편인증 기록(인증 수단, 요청·완료 일시, 담당 보험설계사)

3. 보유·이용 기간
 - 건강검진 결과는 암호화하여 보관하며, 새로 조회하면 이전 결과를 대체합니다.
 - 귀하가 삭제를 요청하거나 귀하의 정보가 삭제될 때 지체 없이 파기합니다.

4. 동의를 거부할 권리 및 거부 시 불이익
 - 귀하는 민감정보의 수집·이용에 대한 동의를 거부할 권리가 있습니다.
 - 다만 동의하지 않으시면 건강검진 결과를 조회할 수 없어 의료 보장분석 서비스를 이용하실 수 없습니다. 일반 보장분석 서비스의 이용에는 영향이 없습니다.`,
};

const EFFECTIVE_DATE = '2026-11-01';

export class HealthCheckupTermsV11795423240800 implements MigrationInterface {
  name = 'HealthCheckupTermsV11795423240800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO "terms" ("id", "purpose", "code", "version", "title", "required", "body", "effective_date", "sort_order")
       VALUES ($1, 'HEALTH_CHECKUP', $2, 1, $3, true, $4, $5, 1)`,
      [TERM.id, TERM.code, TERM.title, TERM.body, EFFECTIVE_DATE],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "terms" WHERE "id" = $1`, [TERM.id]);
  }
}
