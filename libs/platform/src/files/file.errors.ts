import { ProblemException, type FieldError } from '../http/problem.js';

/** How the presign operations document their 429 of the cap (MAX_PENDING_UPLOADS). */
export const TOO_MANY_PENDING_UPLOADS_DOC =
  'TOO_MANY_PENDING_UPLOADS: the caller has MAX_PENDING_UPLOADS presigned uploads outstanding (not uploaded, URL not expired); Retry-After says when the first expires';

export const FileErrors = {
  notFound: (id: string) => new ProblemException(404, 'FILE_NOT_FOUND', `File ${id} does not exist`),
  uploadNotHere: () =>
    new ProblemException(404, 'NOT_FOUND', 'Files are not uploaded through this service; use the uploadUrl of the presign response'),
  signatureInvalid: () => new ProblemException(403, 'UPLOAD_SIGNATURE_INVALID', 'The upload URL was not issued for this file'),
  uploadUrlExpired: () => new ProblemException(403, 'UPLOAD_URL_EXPIRED', 'The upload URL has expired; request a new one'),
  downloadSignatureInvalid: () => new ProblemException(403, 'DOWNLOAD_SIGNATURE_INVALID', 'The download URL was not issued for this file'),
  downloadUrlExpired: () =>
    new ProblemException(403, 'DOWNLOAD_URL_EXPIRED', 'The download URL has expired; read the record again for a new one'),
  alreadyUploaded: (id: string) => new ProblemException(409, 'FILE_ALREADY_UPLOADED', `File ${id} has already been uploaded`),
  contentTypeMismatch: (declared: string, sent: string | undefined) =>
    new ProblemException(
      415,
      'UPLOAD_CONTENT_TYPE_MISMATCH',
      `Send the file with Content-Type ${declared}, as declared when presigning${sent ? `, not ${sent}` : ''}`,
    ),
  sizeMismatch: (declared: number, received: number) =>
    new ProblemException(400, 'UPLOAD_SIZE_MISMATCH', `The body is ${received} bytes; ${declared} were declared when presigning`),
  checksumMismatch: () =>
    new ProblemException(400, 'UPLOAD_CHECKSUM_MISMATCH', 'The body does not have the SHA-256 digest declared when presigning'),
  tooManyPending: (cap: number, retryAfterSeconds: number) =>
    new ProblemException(
      429,
      'TOO_MANY_PENDING_UPLOADS',
      `${cap} presigned uploads are outstanding (not uploaded, URL not expired); upload or let one expire first, or retry in ${retryAfterSeconds} s`,
      undefined,
      { headers: { 'Retry-After': String(retryAfterSeconds) } },
    ),
  notUsable: (errors: FieldError[]) =>
    new ProblemException(
      400,
      'FILE_NOT_USABLE',
      `These files cannot be attached: ${errors.map((error) => error.field).join(', ')}`,
      errors,
    ),
  /** Files another record (a claim, an AS request) already carries; each service words what that record is. */
  attachedElsewhere: (detail: string, errors: FieldError[]) => new ProblemException(400, 'FILE_NOT_USABLE', detail, errors),
};

/** Why a file cannot be attached (each service words "unknown or not yours" itself, the same for both on purpose). */
export const FileNotUsable = {
  duplicate: 'is listed more than once',
  notUploaded: 'has not been uploaded: PUT the bytes to its uploadUrl first',
  sizeMismatch: (declared: number, stored: number) => `the uploaded file is ${stored} bytes, not the declared ${declared}`,
  typeMismatch: (declared: string, stored: string | undefined) =>
    `the uploaded file has Content-Type ${stored ?? '(none)'}, not the declared ${declared}`,
};
