/** An RFC 9457 problem body as both services answer it (libs/platform/src/http/problem.ts). */
export interface ProblemBody {
  type?: string;
  title?: string;
  status: number;
  detail?: string;
  code?: string;
  requestId?: string;
  errors?: Array<{ field: string; message: string }>;
}

/** A call the API refused: the problem body, and the field errors by field name. */
export class ApiProblem extends Error {
  readonly fieldErrors: Record<string, string>;

  constructor(readonly problem: ProblemBody) {
    super(problem.detail ?? problem.title ?? `HTTP ${problem.status}`);
    this.name = 'ApiProblem';
    this.fieldErrors = {};
    for (const { field, message } of problem.errors ?? []) {
      // The first message per field, under the field as the API names it (`leads.3.phone`).
      this.fieldErrors[field] ??= message;
    }
  }

  get status(): number {
    return this.problem.status;
  }
}

/** Anything thrown, as a problem body the page can show (status 0: no answer from the API). */
export function problemOf(error: unknown): ProblemBody {
  if (error instanceof ApiProblem) return error.problem;
  return { status: 0, detail: error instanceof Error ? error.message : String(error) };
}
