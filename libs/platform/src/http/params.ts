import { ParseIntPipe, ParseUUIDPipe } from '@nestjs/common';
import { validationFailed } from './validation.js';

/** Parses a positive integer path parameter; anything else is a 400 naming the parameter. */
export const intParam = (name: string) =>
  new ParseIntPipe({ exceptionFactory: () => validationFailed([{ field: name, message: 'must be a positive integer' }]) });

/** Parses a UUID path parameter; anything else is a 400 naming the parameter (never a database error). */
export const uuidParam = (name: string) =>
  new ParseUUIDPipe({ exceptionFactory: () => validationFailed([{ field: name, message: 'must be a UUID' }]) });
