import type { FastifyReply } from 'fastify';

/** The forms a report comes in: the PDF, or its content as JSON. */
export type ReportFormat = 'pdf' | 'json';

/**
 * What every report service answers, whatever the report and its format: the PDF as a file to save
 * (`fileName`), or the content as JSON. A controller sends it with sendReport.
 */
export type RenderedReport<Json> =
  | { format: 'pdf'; contentType: 'application/pdf'; body: Buffer; fileName: string }
  | { format: 'json'; contentType: 'application/json'; body: Json };

/** Sets the report's content type (and, for a file, Content-Disposition: attachment) on the reply; returns the body to send. */
export function sendReport<Json>(reply: FastifyReply, report: RenderedReport<Json>): Buffer | Json {
  void reply.header('content-type', report.contentType);
  if (report.format === 'pdf') void reply.header('content-disposition', `attachment; filename="${report.fileName}"`);
  return report.body;
}
