import { Logger } from '@nestjs/common';
import { createRootLogger, ServiceLogger } from '../src/logging/logging.module.js';
import { LogCapture } from '../../../test/support/log-capture.js';

describe('ServiceLogger (Nest logs through the service’s pino logger)', () => {
  const capture = new LogCapture();
  const logger = new ServiceLogger(createRootLogger('test-service', 'info', capture));

  beforeEach(() => capture.lines.splice(0));

  it('writes the class’s context, an object’s fields and the message as one JSON line', () => {
    logger.warn({ requestId: 'r-1', code: 'UPSTREAM_FAILED' }, 'The upstream failed', 'SomeFilter');
    expect(capture.lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        service: 'test-service',
        context: 'SomeFilter',
        requestId: 'r-1',
        code: 'UPSTREAM_FAILED',
        message: 'The upstream failed',
      }),
    ]);
  });

  it('serialises an error with its type, message and stack, also from Nest’s (message, stack, context) form', () => {
    logger.error(new TypeError('bad input'), 'Handler');
    logger.error('Unhandled', 'Error: Unhandled\n    at somewhere (file.js:1:1)', 'ExceptionsHandler');
    expect(capture.lines[0]).toMatchObject({ level: 'error', context: 'Handler', err: { type: 'TypeError', message: 'bad input' } });
    expect(capture.lines[1]).toMatchObject({
      context: 'ExceptionsHandler',
      err: { message: 'Unhandled', stack: expect.stringContaining('somewhere') },
    });
  });

  it('writes nothing below its level and censors personal data in fields', () => {
    logger.debug('not shown', 'Anything');
    logger.log({ lead: { name: '홍길동', region: '서울' } }, 'listed', 'LeadsService');
    expect(capture.lines).toHaveLength(1);
    expect(capture.raw.join('\n')).not.toContain('홍길동');
  });

  it('receives what a Nest Logger with a context writes once it is the application’s logger', () => {
    Logger.overrideLogger(logger);
    new Logger('ContextClass').log('started');
    Logger.overrideLogger(false);
    expect(capture.lines).toEqual([expect.objectContaining({ level: 'info', context: 'ContextClass', message: 'started' })]);
  });
});
