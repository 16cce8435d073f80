// What a claim's front end sends (POST /api/v1/claim/requests); the bench files claims with it too.

/** A complete, valid claim body for `insuCompCd`. */
export function claimBody(insuCompCd: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    insuCompCd,
    clientNm: '홍길동',
    clientBirthday: '19850314',
    clientTel: '010-1234-5678',
    jobCd: '11',
    bankCd: '004',
    bankAccount: '1234-01-234567',
    bankAccountHolder: '홍길동',
    wellFareYn: false,
    eventDate: '2026-11-02',
    eventTypeCd: 'INJURY',
    eventPlace: '서울시 강남구 자택',
    eventText: '계단에서 넘어져 발목 골절, 깁스 치료',
    callbackWho: 'CLIENT',
    callbackName: '홍길동',
    callbackTel: '01012345678',
    directDebitAccntYn: false,
    clientMemo: '',
    fileIds: [],
    ...overrides,
  };
}
