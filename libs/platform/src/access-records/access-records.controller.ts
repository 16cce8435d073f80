import { Controller, Get, Header, Query, StreamableFile, applyDecorators, type Type } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AccessRecordListDto, AccessRecordsExportQueryDto, AccessRecordsQueryDto, AccessReviewDto, AccessReviewQueryDto } from '#contracts';
import { RecordsAccess, type AccessSubject } from './access-record.decorator.js';
import { AccessRecordsService } from './access-records.service.js';

/** A decorator of a class or a method (what `applyDecorators` makes). */
type AnyDecorator = ClassDecorator & MethodDecorator;

/**
 * How a service guards the operators' access-record routes: `controller` applies to all three (its
 * operator authentication), each route's list to that route (a role).
 */
export interface AccessRecordsRoutes {
  controller: AnyDecorator[];
  search?: AnyDecorator[];
  export?: AnyDecorator[];
  review?: AnyDecorator[];
}

/** The filter's subject, when it names one: what a search or an export of the records is about. */
const filteredSubject = ({ query }: { query: Record<string, unknown> }): AccessSubject[] =>
  typeof query.subjectType === 'string' && typeof query.subjectId === 'string'
    ? [{ type: query.subjectType as AccessSubject['type'], id: query.subjectId }]
    : [];

/**
 * The operators' routes over the access records, `/api/v1/admin/access-records`, guarded as the
 * service says: search, CSV export (a reason required, itself recorded as a download) and the
 * monthly review report. Each is itself recorded (records name people and their subjects).
 */
export function accessRecordsController(routes: AccessRecordsRoutes): Type {
  @ApiTags('admin: access records')
  @applyDecorators(...routes.controller)
  @Controller('api/v1/admin/access-records')
  class AccessRecordsAdminController {
    constructor(private readonly records: AccessRecordsService) {}

    @RecordsAccess({ action: 'view', subjects: filteredSubject })
    @applyDecorators(...(routes.search ?? []))
    @Get()
    @ApiOperation({
      summary: 'Search the access records (접속기록)',
      description:
        'Newest first, by subject (`subjectType` and `subjectId` together), actor, action or event, operation and time (`from` inclusive, `to` exclusive). Each record: who (account or key), when (to the second), from which address, the subjects by identifier, the action and the operation, the reason of an export; `sequence` is its place in the hash chain (null for the few seconds before it is sealed).',
    })
    @ApiOkResponse({ type: AccessRecordListDto })
    search(@Query() query: AccessRecordsQueryDto): Promise<AccessRecordListDto> {
      return this.records.search(query);
    }

    @RecordsAccess({ action: 'download', reasonRequired: true, subjects: filteredSubject })
    @applyDecorators(...(routes.export ?? []))
    @Get('export')
    @Header('content-type', 'text/csv; charset=utf-8')
    @Header('content-disposition', 'attachment; filename="access-records.csv"')
    @ApiOperation({
      summary: 'Export the access records as CSV',
      description:
        'The records the filter matches (as the search), oldest first, streamed as CSV (RFC 4180, CRLF; columns id, recorded_at, actor_kind, actor_id, address, action, operation, subjects as `type:id` separated by spaces, reason, request_id, sequence). `reason` is required (1 to 500 characters, 400 naming `reason` without it) and kept in the access record this export itself appends (action `download`).',
    })
    @ApiProduces('text/csv')
    @ApiOkResponse({ description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } })
    export(@Query() query: AccessRecordsExportQueryDto): StreamableFile {
      return new StreamableFile(this.records.exportCsv(query));
    }

    @RecordsAccess({ action: 'view', subjects: () => [] })
    @applyDecorators(...(routes.review ?? []))
    @Get('review')
    @ApiOperation({
      summary: 'The monthly review report of the access records',
      description:
        'What a reviewer looks at each month (Korean time): every download with its reason; actors that handled more than `rules.subjectsPerDay` distinct subjects in a day (ACCESS_RECORD_REVIEW_SUBJECTS_PER_DAY); people (operators, the bootstrap key, planners) who handled personal data outside working hours (`rules.workingHours`, Monday to Friday, ACCESS_RECORD_WORKING_HOURS) or on a weekend; failed sign-ins; refused keys. Each list holds at most `rules.listLimit` entries; `truncated` names the lists cut.',
    })
    @ApiOkResponse({ type: AccessReviewDto })
    review(@Query() query: AccessReviewQueryDto): Promise<AccessReviewDto> {
      return this.records.review(query.month);
    }
  }
  return AccessRecordsAdminController;
}
