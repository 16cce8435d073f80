/**
 * coverage-claims' codes in Korean: the problem codes of its features' *.errors.ts (the platform's
 * are in src/api/problem-messages.ts), and the kinds a claim's fax delivery fails with (its
 * `statusReason`, `KIND: message`). apps/console/test/problem-messages.spec.ts keeps both in step
 * with the service. This file imports nothing: that test reads it under Node.
 */
export const COVERAGE_CLAIMS_PROBLEM_MESSAGES: Readonly<Record<string, string>> = {
  // Operator keys, planners' tokens and roles.
  TOKEN_MISSING: '로그인이 필요합니다.',
  TOKEN_INVALID: '로그인이 만료되었거나 올바르지 않습니다. 다시 로그인하세요.',
  // SSO sign-in of planners.
  SSO_ASSERTION_INVALID: '조직의 SSO 로그인 정보가 거부되었습니다. 조직의 SSO 비밀키와 설정을 확인하세요.',
  SSO_ASSERTION_REPLAYED: '이미 사용한 SSO 로그인 정보입니다. 다시 로그인하세요.',
  REDIRECT_URI_NOT_REGISTERED: '조직에 등록되지 않은 리디렉션 URI입니다.',
  AUTH_CODE_INVALID: '로그인 코드가 없거나 이미 쓰였거나 만료되었습니다. 다시 로그인하세요.',
  REFRESH_TOKEN_INVALID: '로그인 갱신 정보가 만료되었습니다. 다시 로그인하세요.',
  REFRESH_TOKEN_REUSED: '이미 쓴 로그인 갱신 정보입니다. 보안을 위해 이 로그인을 모두 끝냈으니 다시 로그인하세요.',
  // Organisations and their users.
  ORGANISATION_NOT_FOUND: '조직을 찾을 수 없습니다.',
  USER_NOT_FOUND: '사용자를 찾을 수 없습니다.',
  USER_ALREADY_EXISTS: '같은 설계사 식별값(fcUserCi)의 사용자가 이미 있습니다.',
  USER_DISABLED: '조직 관리자가 사용 중지한 사용자입니다.',
  USER_SELF_LOCKOUT: '자기 계정은 중지·강등·삭제할 수 없습니다. 조직의 다른 관리자가 할 수 있습니다.',
  // Customers, terms and verification by one-time number.
  CUSTOMER_NOT_FOUND: '고객을 찾을 수 없습니다.',
  CUSTOMER_GENDER_UNKNOWN: '고객의 성별 정보가 없습니다. 먼저 본인 인증을 하세요.',
  TERMS_NOT_AGREED: '필수 약관에 모두 동의해야 합니다.',
  TERM_UNKNOWN: '알 수 없는 약관이 있습니다.',
  VERIFICATION_NOT_FOUND: '본인 인증 요청을 찾을 수 없습니다.',
  VERIFICATION_CODE_INVALID: '인증번호가 맞지 않습니다.',
  VERIFICATION_EXPIRED: '인증번호가 만료되었습니다. 새 번호를 요청하세요.',
  VERIFICATION_LOCKED: '인증번호를 여러 번 틀려 잠겼습니다. 새 번호를 요청하세요.',
  VERIFICATION_RESEND_TOO_SOON: '방금 인증번호를 보냈습니다. 잠시 뒤 다시 요청하세요.',
  VERIFICATION_ALREADY_CONFIRMED: '이미 확인된 본인 인증입니다.',
  VERIFICATION_TOKEN_INVALID: '본인 인증이 만료되었습니다. 다시 인증하세요.',
  SMS_DELIVERY_FAILED: '문자 발송 업체가 문자를 받지 않았습니다. 휴대폰 번호를 확인하고 다시 요청하세요.',
  // Coverage analysis (내보험다보여) and its second step.
  ANALYSIS_NOT_FOUND: '보장 분석을 찾을 수 없습니다.',
  ANALYSIS_CUSTOMER_MISMATCH: '다른 고객의 보장 분석입니다.',
  ANALYSIS_CONTINUATION_NOT_FOUND: '추가 인증 요청을 찾을 수 없습니다.',
  ANALYSIS_CONTINUATION_BUSY: '추가 인증을 처리하는 중입니다. 잠시 뒤 다시 보내세요.',
  ANALYSIS_CONTINUATION_EXPIRED: '추가 인증이 끝났습니다(취소, 여러 번 틀림 또는 만료). 처음부터 다시 분석하세요.',
  ANALYSIS_STEP_CODE_INVALID: '추가 인증 코드가 맞지 않습니다.',
  ANALYSIS_STEP_PENDING: '고객이 앱에서 아직 승인하지 않았습니다. 승인한 뒤 다시 보내세요.',
  INSURANCE_SIGN_IN_REQUIRED: '고객의 내보험다보여 로그인이 필요합니다.',
  INSURANCE_SIGN_IN_INVALID: '내보험다보여 로그인 정보가 거부되었습니다.',
  INSURANCE_SIGN_IN_LOCKED: '고객의 내보험다보여 계정이 잠겼습니다. 고객이 credit4u.or.kr에서 잠금을 풀어야 합니다.',
  INSURANCE_DATA_UNAVAILABLE: '보험 정보 조회처가 응답하지 않았습니다. 잠시 뒤 다시 시도하세요.',
  INSURANCE_DATA_TIMEOUT: '보험 정보 조회처가 제시간에 응답하지 않았습니다. 잠시 뒤 다시 시도하세요.',
  INSURANCE_DATA_MISCONFIGURED: '보험 정보 조회처 계정 설정에 문제가 있습니다. 운영팀이 확인해야 합니다.',
  REPORT_NOT_ACCEPTABLE: '보고서는 PDF 또는 JSON으로만 받을 수 있습니다.',
  // National health check-ups (NHIS).
  NHIS_AUTH_NOT_FOUND: '건강보험 인증 요청을 찾을 수 없습니다.',
  NHIS_AUTH_REQUIRED: '건강검진 조회에는 건강보험 인증이 먼저 필요합니다.',
  NHIS_AUTH_PENDING: '고객이 앱에서 아직 승인하지 않았습니다. 승인한 뒤 다시 시도하세요.',
  NHIS_AUTH_REFUSED: '고객이 앱에서 인증을 거절했습니다. 새로 요청하세요.',
  NHIS_AUTH_EXPIRED: '건강보험 인증 요청이 만료되었습니다. 새로 요청하세요.',
  NHIS_PROVIDER_UNSUPPORTED: '건강보험공단이 지원하지 않는 인증 앱입니다. 다른 앱을 고르게 하세요.',
  NHIS_UNAVAILABLE: '건강보험공단 또는 인증 앱이 응답하지 않았습니다. 잠시 뒤 다시 시도하세요.',
  HEALTH_DATA_CONSENT_MISSING: '민감정보 수집·이용 동의가 없습니다. 동의를 받아 인증을 새로 요청하세요.',
  // Claims and their fax.
  CLAIM_NOT_FOUND: '청구를 찾을 수 없습니다.',
  CLAIM_NOT_FAILED: '전송에 실패한 청구만 다시 보낼 수 있습니다. 목록을 새로 불러와 상태를 확인하세요.',
  INSURER_NOT_FOUND: '보험사를 찾을 수 없습니다.',
  INSURER_FAX_UNKNOWN: '이 보험사의 청구 팩스 번호가 없습니다. 보험사 청구 팩스 화면에서 먼저 등록하세요.',
  CLAIM_DOCUMENT_UNRENDERABLE: '이 청구의 팩스 문서를 만들 수 없습니다.',
  CLAIM_DOCUMENT_UNAVAILABLE: '지금은 청구 팩스 문서를 만들 수 없습니다. 잠시 뒤 다시 시도하세요.',
};

/**
 * Why a claim's fax was not (yet) delivered: the KIND of its `statusReason` (`KIND: message`) in
 * Korean. Kinds the fax gateway answers (FaxFailureKind), those of the fax's making, and the
 * delivery's own (gave up, result never known).
 */
export const CLAIM_DELIVERY_REASONS: Readonly<Record<string, string>> = {
  // The fax gateway's.
  BUSY: '상대 팩스가 통화 중이었습니다.',
  NO_ANSWER: '상대 팩스가 응답하지 않았습니다.',
  INVALID_NUMBER: '사용 중인 팩스 번호가 아닙니다. 보험사 청구 팩스 번호를 확인하세요.',
  REJECTED: '팩스 업체가 문서를 받지 않았습니다.',
  UNAVAILABLE: '팩스 업체에 연결하지 못했거나 업체 사정으로 전송이 끝났습니다.',
  ACCOUNT_REFUSED: '팩스 업체가 우리 계정을 거부했습니다(인증, 발신번호, 잔액). 운영팀이 확인해야 합니다.',
  ABORTED: '전송이 제시간에 끝나지 않아 중단되었습니다.',
  // The fax's making.
  ATTACHMENT_MISSING: '첨부 파일이 저장소에 없습니다.',
  STORAGE_UNAVAILABLE: '저장소에서 첨부 파일을 읽지 못했습니다.',
  ATTACHMENT_UNREADABLE: '첨부 파일을 읽을 수 없습니다(손상되었거나 지원하지 않는 형식).',
  ATTACHMENT_TOO_LARGE: '첨부 파일이 너무 커서 팩스로 만들 수 없습니다.',
  TOO_MANY_PAGES: '팩스 쪽수가 한도를 넘습니다.',
  RENDER_FAILED: '팩스 문서를 만들다 실패했습니다.',
  RENDERER_BUSY: '팩스 문서를 만드는 작업이 밀려 있습니다.',
  INTERNAL_ERROR: '서버 오류로 팩스를 준비하지 못했습니다.',
  // The delivery's own.
  UNFINISHED: '마지막 시도가 끝나지 않은 채 시도 횟수를 다 썼습니다.',
  UNCONFIRMED: '팩스 업체가 팩스를 받았는지 끝내 확인되지 않았습니다. 보험사에 이미 도착했을 수 있습니다.',
  RESULT_UNKNOWN: '팩스 업체가 팩스를 받았지만 최종 결과를 알려 주지 않았습니다. 보험사에 이미 도착했을 수 있습니다.',
};
