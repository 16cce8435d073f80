import { formatPhone, maskAddress, maskEmail, maskName, maskPhone } from '../../src/leads/lead-masking.js';

describe('lead masking', () => {
  it.each([
    ['홍길동', '홍*동'],
    ['이산', '이*'],
    ['남궁민수', '남**수'],
    ['김', '*'],
    ['John Smith', 'J********h'],
  ])('masks the name %s as %s', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });

  it('keeps the prefix and the last four digits of a phone', () => {
    expect(maskPhone('010', '5678')).toBe('010-****-5678');
  });

  it.each([
    ['hong@example.com', 'ho***@example.com'],
    ['ab@example.com', 'a***@example.com'],
    ['a@x.kr', 'a***@x.kr'],
    ['broken', '***'],
  ])('masks the email %s as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it('keeps the first two words of an address', () => {
    expect(maskAddress('서울특별시 강남구 테헤란로 123, 4층')).toBe('서울특별시 강남구 ***');
    expect(maskAddress('부산광역시 해운대구')).toBe('부산광역시 해운대구');
  });

  it('formats stored digits as a phone number', () => {
    expect(formatPhone('01012345678')).toBe('010-1234-5678');
    expect(formatPhone('0111234567')).toBe('011-123-4567');
  });
});
