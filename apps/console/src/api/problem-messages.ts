/**
 * What operators read for a refusal: the API's problem `code` in Korean, never its English `detail`
 * (docs/console.md). This table holds the codes the platform answers in both services (libs/platform:
 * its ProblemExceptions, the body parser's and the status defaults); each service's own are in
 * src/<service>/problem-messages.ts. apps/console/test/problem-messages.spec.ts fails when a code
 * either service can answer has no message here, or a message names a code nothing answers.
 * This file imports nothing: that test reads it under Node.
 */
export const PLATFORM_PROBLEM_MESSAGES: Readonly<Record<string, string>> = {
  // Requests the service could not take as they were sent.
  BAD_REQUEST: '요청을 처리할 수 없습니다. 입력을 확인하세요.',
  VALIDATION_FAILED: '입력값이 올바르지 않습니다. 아래 항목을 확인하세요.',
  MALFORMED_JSON: '요청 본문을 읽을 수 없습니다. 화면을 새로 고친 뒤 다시 시도하세요.',
  UNSUPPORTED_MEDIA_TYPE: '서버가 받을 수 없는 형식으로 보냈습니다. 화면을 새로 고친 뒤 다시 시도하세요.',
  PAYLOAD_TOO_LARGE: '보낸 내용이 너무 큽니다. 나누어 보내세요.',
  METHOD_NOT_ALLOWED: '이 주소에서 할 수 없는 작업입니다.',
  NOT_ACCEPTABLE: '요청한 형식으로 답할 수 없습니다.',
  UNPROCESSABLE: '요청을 처리할 수 없습니다. 입력을 확인하세요.',
  // Who may do what.
  UNAUTHORIZED: '인증이 필요합니다. 다시 로그인하세요.',
  FORBIDDEN: '이 작업을 할 권한이 없습니다.',
  // Operators: sign-in, sessions, accounts and their keys.
  API_KEY_MISSING: '로그인하거나 개인 API 키를 보내야 합니다.',
  API_KEY_INVALID: '알 수 없거나 폐기된 API 키, 또는 비활성화된 계정의 키입니다.',
  OPERATOR_SESSION_INVALID: '세션이 끝났습니다(로그아웃, 30분 동안 사용 없음, 로그인 12시간 경과, 계정 비활성화). 다시 로그인하세요.',
  SIGN_IN_FAILED: '이메일 또는 비밀번호가 올바르지 않습니다.',
  SIGN_IN_CHALLENGE_INVALID: '인증 시간이 지났습니다. 처음부터 다시 로그인하세요.',
  SECOND_FACTOR_INVALID: '코드가 올바르지 않거나 이미 쓴 코드입니다.',
  ACCOUNT_LOCKED: '로그인에 여러 번 실패해 계정이 잠겼습니다. 15분 뒤 다시 시도하세요.',
  CSRF_TOKEN_INVALID: '요청을 확인하지 못했습니다. 화면을 새로 고친 뒤 다시 시도하세요.',
  OPERATOR_ROLE_FORBIDDEN: '이 작업을 할 역할이 아닙니다. 관리자에게 문의하세요.',
  ROLE_FORBIDDEN: '이 키나 계정으로는 할 수 없는 작업입니다.',
  BOOTSTRAP_KEY_LIMITED: '운영 환경에서 부트스트랩 키는 첫 관리자 계정을 만드는 데만 쓸 수 있습니다.',
  BOOTSTRAP_KEY_RETIRED: '관리자 계정이 있어 부트스트랩 키는 더 이상 쓸 수 없습니다. 운영자 계정으로 로그인하세요.',
  OPERATOR_ACCOUNT_REQUIRED: '부트스트랩 키에는 계정이 없습니다. 운영자 계정으로 로그인해서 하세요.',
  OPERATOR_ACCOUNT_NOT_FOUND: '운영자 계정을 찾을 수 없습니다.',
  OPERATOR_API_KEY_NOT_FOUND: '이 계정의 API 키를 찾을 수 없습니다.',
  OPERATOR_EMAIL_TAKEN: '같은 이메일의 운영자 계정이 이미 있습니다.',
  LAST_ADMIN: '마지막 관리자입니다. 다른 관리자를 먼저 만든 다음 바꾸세요.',
  // What is not (or no longer) there.
  NOT_FOUND: '찾는 항목이 없습니다. 이미 삭제되었을 수 있습니다.',
  GONE: '더 이상 쓸 수 없는 항목입니다.',
  CONFLICT: '현재 상태와 맞지 않아 처리하지 않았습니다. 목록을 새로 불러온 뒤 다시 시도하세요.',
  LOCKED: '잠겨 있어 처리할 수 없습니다.',
  // Load and outages.
  RATE_LIMITED: '요청이 너무 많습니다. 잠시 뒤 다시 시도하세요.',
  REQUEST_TIMEOUT: '요청이 제시간에 끝나지 않았습니다. 다시 시도하세요.',
  INTERNAL_ERROR: '서버 오류로 처리하지 못했습니다. 계속되면 요청 ID와 함께 개발팀에 알려 주세요.',
  BAD_GATEWAY: '연동된 외부 시스템이 응답하지 않았습니다. 잠시 뒤 다시 시도하세요.',
  SERVICE_UNAVAILABLE: '서비스를 잠시 사용할 수 없습니다. 잠시 뒤 다시 시도하세요.',
  DATABASE_UNAVAILABLE: '데이터베이스에 잠시 연결할 수 없습니다. 잠시 뒤 같은 요청을 다시 보내세요.',
  GATEWAY_TIMEOUT: '연동된 외부 시스템이 제시간에 응답하지 않았습니다. 잠시 뒤 다시 시도하세요.',
  // Idempotent requests.
  IDEMPOTENCY_KEY_REUSED: '같은 요청 키로 다른 내용을 보냈습니다. 새로 시작하세요.',
  IDEMPOTENCY_REQUEST_IN_PROGRESS: '같은 요청이 아직 처리 중입니다. 잠시 뒤 다시 시도하세요.',
  // Stored files: uploads, downloads, attachments.
  FILE_NOT_FOUND: '파일을 찾을 수 없습니다.',
  FILE_ALREADY_UPLOADED: '이미 올린 파일입니다.',
  FILE_NOT_USABLE: '첨부할 수 없는 파일이 있습니다.',
  TOO_MANY_PENDING_UPLOADS: '아직 올리지 않은 파일이 너무 많습니다. 올리거나 잠시 기다린 뒤 다시 시도하세요.',
  UPLOAD_URL_EXPIRED: '업로드 주소가 만료되었습니다. 다시 시도하세요.',
  UPLOAD_SIGNATURE_INVALID: '이 파일의 업로드 주소가 아닙니다.',
  UPLOAD_SIZE_MISMATCH: '파일 크기가 처음 알린 크기와 다릅니다.',
  UPLOAD_CHECKSUM_MISMATCH: '파일 내용이 처음 알린 내용과 다릅니다.',
  UPLOAD_CONTENT_TYPE_MISMATCH: '파일 형식이 처음 알린 형식과 다릅니다.',
  DOWNLOAD_URL_EXPIRED: '내려받기 주소가 만료되었습니다. 화면을 새로 불러오세요.',
  DOWNLOAD_SIGNATURE_INVALID: '이 파일의 내려받기 주소가 아닙니다.',
};

const CODE_OF_STATUS: Readonly<Record<number, string>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'RATE_LIMITED',
};

/** The Korean for a refusal: its code in the service's table, else in the platform's, else by its status. */
export function messageFor(code: string | undefined, status: number, service: Readonly<Record<string, string>>): string {
  return (code && (service[code] ?? PLATFORM_PROBLEM_MESSAGES[code])) || messageForStatus(status);
}

/** The Korean for a refusal nothing names (no code, or one the tables do not have), by its status; 0: no answer at all. */
export function messageForStatus(status: number): string {
  if (status === 0) return '서버에 연결하지 못했습니다. 네트워크를 확인하고 다시 시도하세요.';
  const code = CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
  return PLATFORM_PROBLEM_MESSAGES[code] ?? '';
}
