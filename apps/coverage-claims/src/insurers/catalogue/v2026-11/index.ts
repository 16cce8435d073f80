import type { InsurerData } from '../../entities/insurer.entity.js';

// The insurers, version 2026.11: loaded with coverage catalogue 2026.11 (migration
// LoadCoverageCatalogue) and frozen since; a change is a new version. Sources: the "Insurers"
// section of docs/sources/coverage-catalogue.md. The sandbox's contracts are sold by these insurers too.

export const INSURERS_2026_11: readonly InsurerData[] = [
  life('L01', '삼성생명', 'Samsung Life Insurance', 'SL'),
  life('L02', '한화생명', 'Hanwha Life Insurance', 'HL'),
  life('L03', '교보생명', 'Kyobo Life Insurance', 'KL'),
  life('L04', '신한라이프', 'Shinhan Life Insurance', 'SH'),
  life('L05', 'NH농협생명', 'NongHyup Life Insurance', 'NL'),
  life('L06', '미래에셋생명', 'Mirae Asset Life Insurance', 'ML'),
  life('L07', '흥국생명', 'Heungkuk Life Insurance', 'HK'),
  nonLife('N01', '삼성화재', 'Samsung Fire & Marine Insurance', 'SF'),
  nonLife('N02', '현대해상', 'Hyundai Marine & Fire Insurance', 'HM'),
  nonLife('N03', 'DB손해보험', 'DB Insurance', 'DB'),
  nonLife('N04', 'KB손해보험', 'KB Insurance', 'KB'),
  nonLife('N05', '메리츠화재', 'Meritz Fire & Marine Insurance', 'MZ'),
  nonLife('N06', '한화손해보험', 'Hanwha General Insurance', 'HG'),
  nonLife('N07', '롯데손해보험', 'Lotte Insurance', 'LT'),
  nonLife('N08', '흥국화재', 'Heungkuk Fire & Marine Insurance', 'HF'),
  nonLife('N09', 'NH농협손해보험', 'NongHyup Property & Casualty Insurance', 'NF'),
];

function life(code: string, name: string, otherName: string, initial: string): InsurerData {
  return {
    code,
    name,
    otherName,
    initial,
    agencyCode: '',
    agencyName: '',
    logoPath: `/assets/insurers/${code}.png`,
    type: 'LIFE' as const,
  };
}

function nonLife(code: string, name: string, otherName: string, initial: string): InsurerData {
  return { ...life(code, name, otherName, initial), type: 'NON_LIFE' as const };
}
