import type { DestinationStream } from 'pino';

/** Collects JSON log lines written by a service under test. */
export class LogCapture implements DestinationStream {
  readonly lines: Array<Record<string, unknown>> = [];
  readonly raw: string[] = [];

  write(chunk: string): void {
    for (const line of chunk.split('\n').filter(Boolean)) {
      this.raw.push(line);
      this.lines.push(JSON.parse(line) as Record<string, unknown>);
    }
  }

  withRequestId(requestId: string): Array<Record<string, unknown>> {
    return this.lines.filter((line) => line.requestId === requestId);
  }
}
