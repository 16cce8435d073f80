import type { components } from '../../../api/generated/lead-distribution';

/** A row of the import (`POST /api/v1/admin/leads/import`): CreateLeadV1Request without the product, which the screen picks. */
type ImportRow = components['schemas']['CreateLeadV1Request'];
export type ImportField = Exclude<keyof ImportRow, 'productId' | 'metadata'>;

export interface FieldSpec {
  key: ImportField;
  label: string;
  required: boolean;
  /** Header names that mean this field, compared without case, spaces or punctuation. */
  aliases: string[];
}

/** The fields a file's columns map to, in the order the mapping shows them (required first). */
export const IMPORT_FIELDS: readonly FieldSpec[] = [
  {
    key: 'name',
    label: '이름',
    required: true,
    aliases: ['이름', '성명', '고객명', '고객이름', '성함', 'name', 'fullname', 'customername'],
  },
  {
    key: 'phone',
    label: '휴대전화',
    required: true,
    aliases: [
      '전화',
      '전화번호',
      '연락처',
      '휴대폰',
      '휴대전화',
      '핸드폰',
      '휴대폰번호',
      '핸드폰번호',
      'phone',
      'mobile',
      'tel',
      'cell',
      'phonenumber',
    ],
  },
  { key: 'region', label: '지역', required: true, aliases: ['지역', '시도', '거주지역', '지역명', 'region', 'area', 'province'] },
  {
    key: 'birth_date',
    label: '생년월일',
    required: true,
    aliases: ['생년월일', '생일', '출생일', '생년', 'birthdate', 'birth', 'birthday', 'dob', 'dateofbirth'],
  },
  { key: 'gender', label: '성별', required: true, aliases: ['성별', 'gender', 'sex'] },
  { key: 'email', label: '이메일', required: false, aliases: ['이메일', '메일', '전자우편', 'email', 'mail'] },
  { key: 'address', label: '주소', required: false, aliases: ['주소', '상세주소', 'address', 'addr'] },
  { key: 'memo', label: '메모', required: false, aliases: ['메모', '비고', '참고', '상담내용', 'memo', 'note', 'notes', 'comment'] },
  { key: 'partnerId', label: '파트너 ID (직접 배정)', required: false, aliases: ['파트너id', '파트너', 'partnerid', 'partner'] },
];

export const FIELD_LABELS: Record<string, string> = Object.fromEntries(IMPORT_FIELDS.map((field) => [field.key, field.label]));

/** Which column (index) feeds each field; null: none. */
export type ColumnMapping = Record<ImportField, number | null>;

const comparable = (text: string) => text.toLowerCase().replace(/[\s_\-.·()/[\]]/g, '');

/**
 * A first guess from the header names: an exact alias first, then a header that contains an alias
 * ("고객 연락처"). A column feeds one field at most.
 */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const names = headers.map(comparable);
  const taken = new Set<number>();
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((field) => [field.key, null])) as ColumnMapping;
  const pick = (matches: (name: string, alias: string) => boolean) => {
    for (const field of IMPORT_FIELDS) {
      if (mapping[field.key] !== null) continue;
      const column = names.findIndex((name, index) => !taken.has(index) && field.aliases.some((alias) => matches(name, alias)));
      if (column >= 0) {
        mapping[field.key] = column;
        taken.add(column);
      }
    }
  };
  pick((name, alias) => name === alias);
  pick((name, alias) => name !== '' && name.includes(alias));
  return mapping;
}

const GENDERS: Record<string, 'M' | 'F'> = {
  m: 'M',
  male: 'M',
  남: 'M',
  남자: 'M',
  남성: 'M',
  f: 'F',
  female: 'F',
  여: 'F',
  여자: 'F',
  여성: 'F',
};

/** Regions written out in full (주소 style) to the short names the API takes. */
const REGION_LONG_NAMES: Record<string, string> = {
  서울특별시: '서울',
  서울시: '서울',
  부산광역시: '부산',
  대구광역시: '대구',
  인천광역시: '인천',
  광주광역시: '광주',
  대전광역시: '대전',
  울산광역시: '울산',
  세종특별자치시: '세종',
  세종시: '세종',
  경기도: '경기',
  강원도: '강원',
  강원특별자치도: '강원',
  충청북도: '충북',
  충청남도: '충남',
  전라북도: '전북',
  전북특별자치도: '전북',
  전라남도: '전남',
  경상북도: '경북',
  경상남도: '경남',
  제주도: '제주',
  제주특별자치도: '제주',
};

/**
 * A cell as the API should get it. Only what a spreadsheet reliably does to a value is undone (a
 * phone or birth date whose leading 0 Excel dropped, 남/여, a region written out in full); anything
 * else goes as written and the API judges it.
 */
function normalise(field: ImportField, value: string): string | number {
  switch (field) {
    case 'phone':
      return /^1\d{8,9}$/.test(value) ? `0${value}` : value;
    case 'birth_date':
      if (/^\d{5}$/.test(value)) return `0${value}`;
      return /^\d{4}[./]\d{1,2}[./]\d{1,2}$/.test(value)
        ? value
            .split(/[./]/)
            .map((part, index) => (index === 0 ? part : part.padStart(2, '0')))
            .join('-')
        : value;
    case 'gender':
      return GENDERS[value.toLowerCase()] ?? value;
    case 'region':
      return REGION_LONG_NAMES[value.replace(/\s/g, '')] ?? value;
    case 'partnerId':
      return /^\d+$/.test(value) ? Number(value) : value;
    default:
      return value;
  }
}

export type LeadRow = Partial<Record<ImportField, string | number>>;

/** One file row as an import row: the mapped, non-empty cells (an empty optional cell is left out). */
export function toLeadRow(cells: readonly string[], mapping: ColumnMapping): LeadRow {
  const row: LeadRow = {};
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field.key];
    const value = column === null ? '' : (cells[column] ?? '').trim();
    if (value !== '') row[field.key] = normalise(field.key, value);
  }
  return row;
}

/** The required fields no column feeds. */
export function unmappedRequired(mapping: ColumnMapping): FieldSpec[] {
  return IMPORT_FIELDS.filter((field) => field.required && mapping[field.key] === null);
}
