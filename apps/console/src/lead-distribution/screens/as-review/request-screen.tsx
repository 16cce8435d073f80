import { Button, Grid, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'wouter';
import { dateTime, PageHeader, ProblemAlert } from '../../../ui';
import { asRequestQuery } from '../../api/lead-as';
import { DecisionPanel } from './decision-panel';
import { EvidenceFiles } from './evidence-files';
import { LeadCard } from './lead-card';
import { QUEUE_PATH } from './queue-filters';
import { RequestSummary } from './request-summary';

/** One AS request under review: its lead, reason and memo, the evidence in view, the decision and what it triggered. */
export function AsReviewRequestScreen() {
  const { id } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  const back = `${QUEUE_PATH}${params.size > 0 ? `?${params.toString()}` : ''}`;
  // Read again a minute before the evidence URLs expire (asRequestQuery).
  const { data: request, error, isPending } = useQuery(asRequestQuery(id));

  return (
    <>
      <PageHeader
        title="AS 요청 심사"
        description={request ? `${request.partner.name}의 요청 · 접수 ${dateTime(request.createdAt)}` : undefined}
        actions={
          <Button component={Link} href={back} variant="default">
            목록으로
          </Button>
        }
      />
      <ProblemAlert error={error} title="AS 요청을 불러오지 못했습니다" />
      {!request && isPending && <Loader aria-label="불러오는 중" />}
      {request && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack>
              <RequestSummary request={request} />
              <LeadCard request={request} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            {/* The decision beside the evidence it rests on. */}
            <Stack>
              <EvidenceFiles files={request.files} />
              <DecisionPanel request={request} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
