import { writeFile } from 'node:fs/promises';
import { buildCoverageAnalysis } from '../apps/coverage-claims/src/coverage-analysis/analysis/coverage-analysis.js';
import { catalogueFromData } from '../apps/coverage-claims/src/coverage-analysis/catalogue/catalogue-rows.js';
import { CATALOGUE_2026_11 } from '../apps/coverage-claims/src/coverage-analysis/catalogue/v2026-11/index.js';
import type { InsuranceDataCustomer } from '../apps/coverage-claims/src/integrations/insurance-data/insurance-data.port.js';
import { sandboxPortfolio } from '../apps/coverage-claims/src/integrations/insurance-data/sandbox/sandbox-portfolio.js';
import { reportContentOf, reportCustomerOf } from '../apps/coverage-claims/src/coverage-analysis/report/report-content.js';
import { renderReportPdf } from '../apps/coverage-claims/src/coverage-analysis/report/coverage-report-pdf.js';
import { loadPdfFonts } from '../apps/coverage-claims/src/pdf/pdf-fonts.js';

/**
 * Wall time and size of the coverage report PDF for a customer with 20 contracts (the sandbox's
 * largest portfolio), rendered one after another in one process as the service renders them.
 *
 *   npm run bench:coverage-report -- [--renders N] [--out report.pdf]
 *
 * The portfolio is the sandbox's for a fixed customer, analysed against the committed catalogue
 * (docs/decisions/coverage-analysis.md); `--out` keeps the last PDF to look at.
 */
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RENDERS = Number(option('--renders')) || 100;
const WARM_UP = 10;
const TARGET_P50_MS = 300;
const TARGET_BYTES = 500 * 1024;
const log = (line: string) => process.stdout.write(`${line}\n`);

// One of the sandbox customers whose portfolio has 20 contracts.
const customer: InsuranceDataCustomer = { name: '홍길동', birthDate: '19850315', gender: 'M', phone: '01012341027' };
const inquiryDate = { year: 2026, month: 11, day: 21 };
const contracts = sandboxPortfolio(customer, inquiryDate);
if (contracts.length !== 20) throw new Error(`expected the sandbox to give this customer 20 contracts, got ${contracts.length}`);

const analysis = buildCoverageAnalysis({
  customer,
  customerId: 1,
  contracts,
  catalogue: catalogueFromData(CATALOGUE_2026_11),
  inquiryDate,
  retrievedAt: new Date('2026-11-21T00:30:00.000Z'),
});
const content = reportContentOf(analysis, reportCustomerOf(analysis), new Date('2026-11-21T00:30:05.000Z'), null);
const fonts = await loadPdfFonts();

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

log(
  `# coverage report PDF: ${contracts.length} contracts, ${analysis.coverages.length} coverages, ${RENDERS} renders (Node ${process.version})`,
);
const coldStart = performance.now();
let pdf = await renderReportPdf(content, fonts);
log(`first render (cold): ${(performance.now() - coldStart).toFixed(1)} ms`);
for (let i = 1; i < WARM_UP; i++) await renderReportPdf(content, fonts);

const times: number[] = [];
const cpuStart = process.cpuUsage();
for (let i = 0; i < RENDERS; i++) {
  const start = performance.now();
  pdf = await renderReportPdf(content, fonts);
  times.push(performance.now() - start);
}
const cpu = process.cpuUsage(cpuStart);
times.sort((a, b) => a - b);
const p50 = percentile(times, 50);
const p99 = percentile(times, 99);
log(
  `render: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms; ` +
    `${((cpu.user + cpu.system) / 1000 / RENDERS).toFixed(1)} ms CPU per render`,
);
log(`pdf: ${pdf.length} bytes (${(pdf.length / 1024).toFixed(1)} KiB), ${pageCount(pdf)} pages`);
log(
  `heap after: ${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(0)} MiB used, rss ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`,
);
log(
  `targets: p50 under ${TARGET_P50_MS} ms: ${p50 < TARGET_P50_MS ? 'met' : 'NOT met'}; size under 500 KiB: ${pdf.length < TARGET_BYTES ? 'met' : 'NOT met'}`,
);

const out = option('--out');
if (out) {
  await writeFile(out, pdf);
  log(`written: ${out}`);
}
