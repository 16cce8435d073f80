import { buildCoverageAnalysis } from '../apps/coverage-claims/src/coverage-analysis/analysis/coverage-analysis.js';
import { buildCoverageInsights } from '../apps/coverage-claims/src/coverage-analysis/insights/coverage-insights.js';
import { catalogueFromRows, catalogueRows } from '../apps/coverage-claims/src/coverage-analysis/catalogue/catalogue-rows.js';
import { CATALOGUE_2026_11 } from '../apps/coverage-claims/src/coverage-analysis/catalogue/v2026-11/index.js';
import {
  ContractPurpose,
  ContractState,
  ContractType,
  LIFETIME_END_DATE,
  PaymentCycle,
  type InsuranceContract,
  type InsuranceDataCustomer,
} from '../apps/coverage-claims/src/integrations/insurance-data/insurance-data.port.js';
import { SANDBOX_COVERAGE_NAMES } from '../apps/coverage-claims/src/integrations/insurance-data/sandbox/sandbox-products.js';

/**
 * CPU time of the coverage analysis computation (buildCoverageAnalysis, no I/O) for a customer with
 * 20 contracts of 40 coverages each, measured with process.cpuUsage over many analyses; and what the
 * insights (buildCoverageInsights, on the same contracts) add to it, measured in the same process.
 *
 *   npm run build && node dist/bench/coverage-analysis.js [--iterations N]
 *
 * Three cases: the steady state (one catalogue object per process, coverage names seen before, as in
 * the service) and a cold one (a new catalogue object for every analysis, so every name is
 * normalised and matched again and the synonym patterns are compiled again), and the steady state with
 * the insights, whose difference to the first is what the insights cost (target: under 1 ms).
 */
const args = process.argv.slice(2);
const ITERATIONS = Number(args[args.indexOf('--iterations') + 1]) || 5_000;
const CONTRACTS = 20;
const COVERAGES = 40;
const TARGET_MS = 5;
const INSIGHTS_TARGET_MS = 1;
const log = (line: string) => process.stdout.write(`${line}\n`);

const customer: InsuranceDataCustomer = { name: '정하늘', birthDate: '19810705', gender: 'F', phone: '01024681357' };
const states = [ContractState.Active, ContractState.Active, ContractState.Active, ContractState.Lapsed, ContractState.Expired];
const cycles = [PaymentCycle.Monthly, PaymentCycle.Monthly, PaymentCycle.Annual, PaymentCycle.Quarterly];
const purposes = [
  ContractPurpose.Protection,
  ContractPurpose.Protection,
  ContractPurpose.Protection,
  ContractPurpose.Pension,
  ContractPurpose.Savings,
];
/** Riders end at 60, 65, 80, with the contract, or never (종신): every insight has change points to find. */
const riderEnds = ['20410705', '20460705', '20610705', '20810705', LIFETIME_END_DATE];

// Every contract carries 40 of the sandbox's coverage names (mapped and unmapped alike), a different selection each;
// one contract in four is 실손 (indemnity) and renews, one coverage in five is a 갱신형 rider.
const contracts: InsuranceContract[] = Array.from({ length: CONTRACTS }, (_, index) => ({
  insurerCode: CATALOGUE_2026_11.insurers[index % CATALOGUE_2026_11.insurers.length]!.code,
  insurerName: CATALOGUE_2026_11.insurers[index % CATALOGUE_2026_11.insurers.length]!.name,
  productName: `벤치마크 상품 ${index + 1}`,
  startDate: `${2001 + (index % 24)}0${1 + (index % 9)}15`,
  endDate: '20810705',
  contractor: customer.name,
  insuredPerson: customer.name,
  state: states[index % states.length]!,
  type: index % 2 === 0 ? ContractType.NonLife : ContractType.Life,
  premium: 50_000 + index * 1_000,
  paymentCycle: cycles[index % cycles.length]!,
  paymentCount:
    cycles[index % cycles.length] === PaymentCycle.Monthly ? 240 : cycles[index % cycles.length] === PaymentCycle.Annual ? 20 : 80,
  paymentPeriodYears: 20,
  purpose: purposes[index % purposes.length]!,
  coverages: Array.from({ length: COVERAGES }, (_, position) => ({
    name: SANDBOX_COVERAGE_NAMES[(index * 7 + position) % SANDBOX_COVERAGE_NAMES.length]!,
    amount: 1_000_000 * (1 + ((index + position) % 30)),
    startDate: `${2001 + (index % 24)}0${1 + (index % 9)}15`,
    endDate: riderEnds[(index + position) % riderEnds.length]!,
    renewal: index % 4 === 0 ? { cycleYears: 1 } : position % 5 === 0 ? { cycleYears: [3, 5, 10, 20][position % 4]! } : null,
    indemnity: index % 4 === 0,
  })),
}));

const rows = catalogueRows(CATALOGUE_2026_11);
const steadyCatalogue = catalogueFromRows(rows);
const inquiryDate = { year: 2026, month: 11, day: 21 };
const retrievedAt = new Date('2026-11-21T00:00:00.000Z');

function measure(name: string, analyse: () => unknown): number {
  for (let i = 0; i < Math.min(500, ITERATIONS); i++) analyse(); // warm-up: JIT, caches
  const wallStart = performance.now();
  const start = process.cpuUsage();
  for (let i = 0; i < ITERATIONS; i++) analyse();
  const used = process.cpuUsage(start);
  const wall = performance.now() - wallStart;
  const cpuMs = (used.user + used.system) / 1000 / ITERATIONS;
  log(
    `${name}: ${cpuMs.toFixed(3)} ms CPU per analysis (user ${(used.user / 1000 / ITERATIONS).toFixed(3)}, system ${(used.system / 1000 / ITERATIONS).toFixed(3)}), ${(wall / ITERATIONS).toFixed(3)} ms wall`,
  );
  return cpuMs;
}

const sample = buildCoverageAnalysis({ customer, customerId: 1, contracts, catalogue: steadyCatalogue, inquiryDate, retrievedAt });
const sampleInsights = buildCoverageInsights({ customer, contracts, catalogue: steadyCatalogue, inquiryDate, monthlyIncome: 4_000_000 });
log(`# coverage analysis: ${CONTRACTS} contracts × ${COVERAGES} coverages, ${ITERATIONS} analyses per case (Node ${process.version})`);
log(
  `analysis: ${sample.coverages.length} catalogue coverages, ${sample.contracts.length} contracts, ${JSON.stringify(sample).length} bytes as JSON`,
);
log(
  `insights: ${sampleInsights.indemnity.people.length} people with 실손, ${sampleInsights.renewals.items.length} renewals, ${sampleInsights.coverByAge.categories.length} categories by age, ${JSON.stringify(sampleInsights).length} bytes as JSON`,
);

const steady = measure('steady state', () =>
  buildCoverageAnalysis({ customer, customerId: 1, contracts, catalogue: steadyCatalogue, inquiryDate, retrievedAt }),
);
const cold = measure('new catalogue object each time', () =>
  buildCoverageAnalysis({ customer, customerId: 1, contracts, catalogue: catalogueFromRows(rows), inquiryDate, retrievedAt }),
);
const withInsights = measure('steady state with insights', () => {
  buildCoverageAnalysis({ customer, customerId: 1, contracts, catalogue: steadyCatalogue, inquiryDate, retrievedAt });
  return buildCoverageInsights({ customer, contracts, catalogue: steadyCatalogue, inquiryDate, monthlyIncome: 4_000_000 });
});
// The steady state again, after: the two runs of it bound the machine's drift during the measurement.
const steadyAgain = measure('steady state again', () =>
  buildCoverageAnalysis({ customer, customerId: 1, contracts, catalogue: steadyCatalogue, inquiryDate, retrievedAt }),
);
const added = withInsights - (steady + steadyAgain) / 2;
log(`target: under ${TARGET_MS} ms CPU per analysis: ${Math.max(steady, cold) < TARGET_MS ? 'met' : 'NOT met'}`);
log(
  `insights add ${added.toFixed(3)} ms CPU per analysis (×${(withInsights / ((steady + steadyAgain) / 2)).toFixed(2)}): target under ${INSIGHTS_TARGET_MS} ms: ${added < INSIGHTS_TARGET_MS ? 'met' : 'NOT met'}`,
);
