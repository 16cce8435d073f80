/**
 * A national health check-up (국가건강검진, 일반건강검진 결과 통보서) as the service keeps it: the
 * shape the NHIS port's adapters produce, the check-up store returns and the medical analysis reads.
 * One record per examination year; the measurements the 결과 통보서 carries, each with its unit and
 * its judgement band from the versioned reference-range table (docs/sources/checkup-reference-ranges.md).
 */

import type { NhisCheckup, NhisMeasurement } from '../../integrations/nhis/nhis.port.js';

// The measurements are the NHIS port's vocabulary (what a source reports); the service judges them.
export { MEASUREMENT_CODES, type MeasurementCode } from '../../integrations/nhis/nhis.port.js';

/**
 * The 결과 통보서's judgement of one measurement: 정상A, 정상B(경계), 질환의심. Null where the
 * reference table does not judge the measurement (height, weight).
 */
export enum CheckupBand {
  NormalA = 'NORMAL_A',
  Borderline = 'NORMAL_B',
  DiseaseSuspected = 'DISEASE_SUSPECTED',
}

export interface Measurement extends NhisMeasurement {
  band: CheckupBand | null;
}

export interface Checkup extends Omit<NhisCheckup, 'measurements'> {
  /** At most one per code; a code the examination did not include is absent. */
  measurements: Measurement[];
}
