/**
 * lead-distribution's problem codes in Korean (its features' *.errors.ts); the platform's are in
 * src/api/problem-messages.ts. apps/console/test/problem-messages.spec.ts keeps the two in step with
 * the service. This file imports nothing: that test reads it under Node.
 */
export const LEAD_DISTRIBUTION_PROBLEM_MESSAGES: Readonly<Record<string, string>> = {
  // Keys and roles.
  API_KEY_NOT_FOUND: 'API 키를 찾을 수 없습니다. 이미 폐기되었을 수 있습니다.',
  // Partners, providers and products.
  PARTNER_NOT_FOUND: '파트너를 찾을 수 없습니다.',
  PARTNER_FORBIDDEN: '이 키로는 이 파트너의 일을 할 수 없습니다.',
  PARTNER_NOT_DESCENDANT: '그 파트너는 이 조직의 하위 파트너가 아닙니다.',
  PROVIDER_NOT_FOUND: '공급사를 찾을 수 없습니다.',
  PROVIDER_EXISTS: '같은 ID의 공급사가 이미 있습니다.',
  PRODUCT_NOT_FOUND: '상품을 찾을 수 없습니다.',
  PRODUCT_EXISTS: '같은 ID의 상품이 이미 있습니다.',
  PRODUCT_PROVIDER_FIXED: '리드나 주문이 있는 상품은 공급사를 바꿀 수 없습니다. 새 상품을 등록하세요.',
  // Leads.
  LEAD_NOT_FOUND: '리드를 찾을 수 없습니다.',
  DUPLICATE_LEAD: '최근 같은 상품에 같은 휴대전화 번호로 등록된 리드가 있습니다.',
  LEADS_NOT_ELIGIBLE: '넘길 수 없는 리드가 있어 아무것도 옮기지 않았습니다.',
  // AS requests.
  AS_REQUEST_NOT_FOUND: 'AS 요청을 찾을 수 없습니다.',
  AS_REQUEST_FORBIDDEN: '다른 파트너가 접수한 AS 요청입니다.',
  AS_ALREADY_ACTIVE: '이 리드에는 대기 또는 보류 중인 AS 요청이 이미 있습니다.',
  AS_ALREADY_APPROVED: '이 리드의 AS 요청은 이미 승인되었습니다.',
  AS_INVALID_TRANSITION: '지금 상태의 AS 요청에는 이 결정을 내릴 수 없습니다. 화면을 새로 불러와 상태를 확인하세요.',
  AS_NOT_CANCELLABLE: '대기 또는 보류 중인 AS 요청만 취소할 수 있습니다.',
  AS_WINDOW_EXPIRED: 'AS 신청 기간이 지났습니다.',
  EVIDENCE_REQUIRED: '이 사유로 AS를 신청하려면 증빙 파일이 하나 이상 필요합니다.',
  // Orders.
  ORDER_NOT_FOUND: '주문을 찾을 수 없습니다.',
  ORDER_NOT_CANCELLABLE: '접수 또는 진행 중인 주문만 취소할 수 있습니다. 화면을 새로 불러와 상태를 확인하세요.',
  // Webhooks.
  WEBHOOK_ENDPOINT_NOT_FOUND: '웹훅 엔드포인트를 찾을 수 없습니다. 이미 삭제되었을 수 있습니다.',
  WEBHOOK_ENDPOINT_DISABLED: '중지된 엔드포인트입니다. 먼저 사용으로 바꾸세요.',
  WEBHOOK_ENDPOINT_LIMIT: '파트너 한 곳의 엔드포인트 수가 최대입니다. 쓰지 않는 엔드포인트를 먼저 삭제하세요.',
  WEBHOOK_DELIVERY_NOT_FOUND: '웹훅 전송 기록을 찾을 수 없습니다.',
};
