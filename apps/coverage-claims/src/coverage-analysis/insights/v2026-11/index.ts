import type { InsightRules } from '../insight-rules.js';

// Insights rules version 2026.11. Frozen: a change is a new version (a new folder). The source of
// every figure, and what is a choice of ours rather than a published figure, is in
// docs/sources/coverage-insights.md.

const KFCO_2018 = '금융소비자연맹·기획재정부 「가계 보험가입 적정성에 대한 비교조사 연구」(2018.1.)';
const KIRI_2022 = '보험연구원 「최근 가구 특성별 보험료 지출 변화의 특징」(KiRi 리포트, 2022.4.)';

export const INSIGHT_RULES_2026_11: InsightRules = {
  version: '2026.11',
  checkpointAges: [60, 70, 80],
  renewalHorizonYears: 10,
  income: {
    references: [
      {
        label: '적정하다고 답한 보험료 수준(월 가계소득 대비, 응답자 40.7%)',
        percentFrom: 5,
        percentTo: 10,
        source: KFCO_2018,
        year: 2018,
      },
      { label: '조사 가구의 실제 보험료 지출(세전 월평균 소득 대비)', percentFrom: 18, percentTo: null, source: KFCO_2018, year: 2018 },
      {
        label: '가계 평균 보험료 지출(처분가능소득 대비, 2021년 가계동향조사)',
        percentFrom: 2.53,
        percentTo: null,
        source: KIRI_2022,
        year: 2022,
      },
    ],
    guide:
      '소득 대비 보험료는 참고용 지표이며 기준이 아닙니다. 적정한 보험료는 가구의 소득·부양가족·저축 목적에 따라 다르고, 조사마다 보험료와 소득을 세는 방법이 다릅니다.',
  },
  indemnity: {
    duplicated: '실손의료비는 여러 건에 가입해도 실제 부담한 의료비를 한 번만, 계약별로 나누어 보상합니다(비례보상).',
    surplus: '가장 먼저 가입한 계약 외에 실손의료비만 보장하는 중복 계약의 보험료는 월 {premium}입니다.',
    surplusPaidUp: '실손의료비만 보장하는 중복 계약은 납입이 끝나, 매월 나가는 보험료는 없습니다.',
    noSurplus: '중복된 계약은 다른 보장과 함께 가입되어 있어, 실손의료비 부분의 보험료는 따로 알 수 없습니다.',
    surplusUnknown: '조회된 정보에 중복 계약의 납입 주기가 없어 매월 나가는 보험료를 계산하지 못했습니다. 보험사에서 확인하세요.',
  },
};
