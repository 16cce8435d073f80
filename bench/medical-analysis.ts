import { writeFile } from 'node:fs/promises';
import { CoverageStatusCode, COVERAGE_STATUS_NAMES, MedicalAnalysisSource, type CoverageAnalysisDto } from '#contracts';
import { buildCoverageAnalysis } from '../apps/coverage-claims/src/coverage-analysis/analysis/coverage-analysis.js';
import { catalogueFromData } from '../apps/coverage-claims/src/coverage-analysis/catalogue/catalogue-rows.js';
import { CATALOGUE_2026_11 } from '../apps/coverage-claims/src/coverage-analysis/catalogue/v2026-11/index.js';
import type { InsuranceDataCustomer } from '../apps/coverage-claims/src/integrations/insurance-data/insurance-data.port.js';
import { sandboxPortfolio } from '../apps/coverage-claims/src/integrations/insurance-data/sandbox/sandbox-portfolio.js';
import { buildMedicalAnalysis } from '../apps/coverage-claims/src/medical/analysis/model/medical-analysis.js';
import { medicalReportContentOf } from '../apps/coverage-claims/src/medical/analysis/report/medical-report-content.js';
import { renderMedicalReportPdf } from '../apps/coverage-claims/src/medical/analysis/report/medical-report-pdf.js';
import { loadPdfFonts } from '../apps/coverage-claims/src/pdf/pdf-fonts.js';
import { RISK_RULES_2026_11 } from '../apps/coverage-claims/src/medical/analysis/rules/v2026-11/index.js';
import { checkupsOf, REFERENCE_RANGES, METABOLIC_SYNDROME } from '../apps/coverage-claims/test/support/medical-fixtures.js';

/**
 * CPU time of the medical analysis (buildMedicalAnalysis) and of the report content, and wall time
 * and size of the medical report PDF, for ten years of check-ups joined with a 40-coverage analysis.
 *
 *   npm run bench:medical-analysis -- [--analyses N] [--renders N] [--out report.pdf] [--no-checkups]
 *
 * The analysis is the sandbox's 20-contract portfolio against the committed catalogue (27 coverages
 * for a 41-year-old), padded to 40 coverages with made-up ones in the categories the risk groups
 * read; the check-ups are the metabolic-syndrome profile (the one with the most open risks) for
 * 2016–2025. `--out` keeps the last PDF to look at; `--no-checkups` renders it for a customer without
 * check-ups.
 */
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const ANALYSES = Number(option('--analyses')) || 5_000;
const RENDERS = Number(option('--renders')) || 100;
const TARGET_CPU_MS = 5;
const TARGET_P50_MS = 400;
const log = (line: string) => process.stdout.write(`${line}\n`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

const customer: InsuranceDataCustomer = { name: '홍길동', birthDate: '19850315', gender: 'M', phone: '01012341027' };
const inquiryDate = { year: 2026, month: 11, day: 21 };
const analysis = padded(
  buildCoverageAnalysis({
    customer,
    customerId: 1,
    contracts: sandboxPortfolio(customer, inquiryDate),
    catalogue: catalogueFromData(CATALOGUE_2026_11),
    inquiryDate,
    retrievedAt: new Date('2026-11-21T00:30:00.000Z'),
  }),
  40,
);
const checkups = args.includes('--no-checkups') ? [] : checkupsOf(METABOLIC_SYNDROME, 'M', 2016, 2025);
const measurements = checkups.reduce((sum, checkup) => sum + checkup.measurements.length, 0);
const input = { checkups, analysis, rules: RISK_RULES_2026_11 };

log(
  `# medical analysis: ${checkups.length} check-ups (${measurements} measurements), ${analysis.coverages.length} coverages, ` +
    `${analysis.contracts.length} contracts (Node ${process.version})`,
);

// 1. the model
for (let i = 0; i < 500; i++) buildMedicalAnalysis(input);
let cpuStart = process.cpuUsage();
let wallStart = performance.now();
let result = buildMedicalAnalysis(input);
for (let i = 1; i < ANALYSES; i++) result = buildMedicalAnalysis(input);
const analysisCpu = cpuMs(process.cpuUsage(cpuStart)) / ANALYSES;
const analysisWall = (performance.now() - wallStart) / ANALYSES;
log(
  `buildMedicalAnalysis: ${(analysisCpu * 1000).toFixed(1)} µs CPU per analysis, ${(analysisWall * 1000).toFixed(1)} µs wall ` +
    `(${ANALYSES} analyses; ${result.groups.length} groups, ${result.openRisks.length} open risks)`,
);

// 2. the report content (the model, the coverage report's customer and table, the matrix and the charts)
const generatedAt = new Date('2026-11-21T00:31:00.000Z');
const contentInput = {
  seq: '019ab3c4-5d6e-7f80-9a1b-2c3d4e5f6a7b',
  analysis,
  source: MedicalAnalysisSource.SetAnalysis,
  receivedAt: generatedAt,
  customer: { name: customer.name, birthDate: customer.birthDate, gender: customer.gender, maskedPhone: '010-****-1027' },
  checkups,
  rules: RISK_RULES_2026_11,
  referenceRanges: REFERENCE_RANGES,
  generatedAt,
};
for (let i = 0; i < 200; i++) medicalReportContentOf(contentInput);
cpuStart = process.cpuUsage();
wallStart = performance.now();
let content = medicalReportContentOf(contentInput);
for (let i = 1; i < ANALYSES; i++) content = medicalReportContentOf(contentInput);
log(
  `medicalReportContentOf: ${((cpuMs(process.cpuUsage(cpuStart)) / ANALYSES) * 1000).toFixed(1)} µs CPU per report content, ` +
    `${(((performance.now() - wallStart) / ANALYSES) * 1000).toFixed(1)} µs wall (${content.charts.length} charts)`,
);

// 3. the PDF
const fonts = await loadPdfFonts();
const coldStart = performance.now();
let pdf = await renderMedicalReportPdf(content, fonts);
log(`PDF first render (cold): ${(performance.now() - coldStart).toFixed(1)} ms`);
for (let i = 1; i < 10; i++) await renderMedicalReportPdf(content, fonts);
const times: number[] = [];
cpuStart = process.cpuUsage();
for (let i = 0; i < RENDERS; i++) {
  const start = performance.now();
  pdf = await renderMedicalReportPdf(content, fonts);
  times.push(performance.now() - start);
}
const renderCpu = cpuMs(process.cpuUsage(cpuStart)) / RENDERS;
times.sort((a, b) => a - b);
const p50 = percentile(times, 50);
const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
log(
  `PDF render: p50 ${p50.toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms wall; ` +
    `${renderCpu.toFixed(1)} ms CPU per render (${RENDERS} renders)`,
);
log(`PDF: ${pdf.length} bytes (${(pdf.length / 1024).toFixed(1)} KiB), ${pages} pages`);
log(
  `targets: analysis under ${TARGET_CPU_MS} ms CPU: ${analysisCpu < TARGET_CPU_MS ? 'met' : 'NOT met'}; ` +
    `PDF p50 under ${TARGET_P50_MS} ms: ${p50 < TARGET_P50_MS ? 'met' : 'NOT met'}`,
);

const out = option('--out');
if (out) {
  await writeFile(out, pdf);
  log(`written: ${out}`);
}

/** The analysis with made-up coverages added, round-robin over the categories the risk groups read, up to `count`. */
function padded(base: CoverageAnalysisDto, count: number): CoverageAnalysisDto {
  const categories: [string, string][] = [
    ['05', '암'],
    ['06', '뇌'],
    ['07', '심장'],
    ['03', '의료비'],
    ['04', '입원비'],
    ['11', '수술비'],
  ];
  const coverages = [...base.coverages];
  for (let index = 0; coverages.length < count; index++) {
    const [code, name] = categories[index % categories.length]!;
    const recommend = 10_000_000;
    const amount = (index % 3) * 5_000_000;
    const status =
      amount >= recommend ? CoverageStatusCode.Good : 2 * amount < recommend ? CoverageStatusCode.Bad : CoverageStatusCode.Normal;
    coverages.push({
      category_code: code,
      category_name: name,
      coverage_code: `${code}_X${String(index).padStart(2, '0')}`,
      coverage_name: `${name} 추가담보 ${index + 1}`,
      recommend,
      limit: 2 * recommend,
      amount,
      status_code: status,
      status_name: COVERAGE_STATUS_NAMES[status],
    });
  }
  coverages.sort((a, b) => a.category_code.localeCompare(b.category_code));
  return { ...base, coverages, coverage_count: coverages.length };
}
