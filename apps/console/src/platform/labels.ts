import type { Vocabulary } from '../ui';
import { operatorRoleNameValues } from '../api/generated/lead-distribution';
import type { AccessAction, AccessEvent, ActorKind, OperatorAccountEvent, OperatorRole, SubjectType } from './api/types';

/** Operator roles, least first (docs/operations/operators.md). */
export const OPERATOR_ROLES: Vocabulary<OperatorRole> = {
  values: operatorRoleNameValues,
  terms: {
    viewer: { label: '조회자', color: 'gray' },
    reviewer: { label: '심사자', color: 'blue' },
    admin: { label: '관리자', color: 'grape' },
  },
};

/** What each role may do, said where a role is chosen. */
export const ROLE_DESCRIPTIONS: Readonly<Record<OperatorRole, string>> = {
  viewer: '조회만 할 수 있습니다.',
  reviewer: '조회와 심사 결정(AS 심사, 청구 재전송)을 할 수 있습니다.',
  admin: '모든 작업과 운영자 계정 관리를 할 수 있습니다.',
};

const RANK: Readonly<Record<OperatorRole, number>> = { viewer: 0, reviewer: 1, admin: 2 };

/** True when `role` may do what `least` may. */
export function hasRole(role: OperatorRole, least: OperatorRole): boolean {
  return RANK[role] >= RANK[least];
}

/** The access records' actions (safeguards notice art. 8) and the security events kept beside them. */
export const ACCESS_ACTIONS: Vocabulary<AccessAction | AccessEvent> = {
  values: ['view', 'use', 'input', 'change', 'delete', 'print', 'download', 'sign-in-failed', 'key-refused'],
  terms: {
    view: { label: '조회', color: 'gray' },
    use: { label: '이용(복호화)', color: 'cyan' },
    input: { label: '입력', color: 'teal' },
    change: { label: '변경', color: 'blue' },
    delete: { label: '삭제', color: 'red' },
    print: { label: '출력', color: 'violet' },
    download: { label: '다운로드', color: 'orange' },
    'sign-in-failed': { label: '로그인 실패', color: 'red' },
    'key-refused': { label: '거부된 키 사용', color: 'red' },
  },
};

export const ACTOR_KINDS: Vocabulary<ActorKind> = {
  values: ['operator', 'bootstrap', 'partner-key', 'provider-key', 'planner', 'service'],
  terms: {
    operator: { label: '운영자', color: 'indigo' },
    bootstrap: { label: '부트스트랩 키', color: 'dark' },
    'partner-key': { label: '파트너 키', color: 'teal' },
    'provider-key': { label: '공급사 키', color: 'lime' },
    planner: { label: '설계사', color: 'pink' },
    service: { label: '서비스(자동)', color: 'gray' },
  },
};

export const SUBJECT_TYPES: Vocabulary<SubjectType> = {
  values: ['lead', 'customer', 'planner', 'operator', 'claim', 'file', 'as-request', 'order', 'access-record'],
  terms: {
    lead: { label: '리드', color: 'blue' },
    customer: { label: '고객', color: 'teal' },
    planner: { label: '설계사', color: 'pink' },
    operator: { label: '운영자', color: 'indigo' },
    claim: { label: '청구', color: 'orange' },
    file: { label: '파일', color: 'cyan' },
    'as-request': { label: 'AS 요청', color: 'yellow' },
    order: { label: '주문', color: 'grape' },
    'access-record': { label: '접속기록', color: 'gray' },
  },
};

/** An account history entry's change in Korean. */
export const HISTORY_CHANGES: Readonly<Record<OperatorAccountEvent, string>> = {
  granted: '계정 생성(권한 부여)',
  'name-changed': '이름 변경',
  'role-changed': '역할 변경',
  disabled: '비활성화',
  enabled: '활성화',
  'second-factor-enrolled': '2단계 인증 등록',
  'second-factor-reset': '2단계 인증 초기화',
  'password-reset': '비밀번호 재설정',
  'api-key-issued': 'API 키 발급',
  'api-key-revoked': 'API 키 폐기',
};
