import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmButton } from '../../../ui';
import { useResendClaim, type Delivery } from '../../api/claim-deliveries';
import { faxNumber } from '../insurers/fax-number';
import { mayHaveArrived } from './delivery-reason';

/** Sends a FAILED claim again after a confirm, warning when its fax may already be at the insurer. */
export function ResendButton({ delivery }: { delivery: Delivery }) {
  const resend = useResendClaim();
  return (
    <ConfirmButton
      size="xs"
      color="indigo"
      label="재전송"
      confirmLabel="다시 보내기"
      message={
        <Stack gap="xs" component="span">
          <span>
            {`청구 #${delivery.claimReqId}(${delivery.organisation.name})를 ${delivery.insurer.name}의 현재 청구 팩스 번호로 다시 보냅니다. 시도 횟수는 처음부터 다시 셉니다.`}
          </span>
          {mayHaveArrived(delivery.statusReason) && (
            <Text span fw={700} c="red.9">
              이 청구는 보험사에 이미 도착했을 수 있습니다. 보험사에 확인한 뒤 보내세요.
            </Text>
          )}
        </Stack>
      }
      onConfirm={async () => {
        const receipt = await resend.mutateAsync(delivery.claimReqId);
        notifications.show({
          color: 'green',
          title: `청구 #${receipt.claimReqId} 재전송 접수`,
          message: `${faxNumber(receipt.insuFax)} 번호로 곧 전송합니다.`,
        });
      }}
    />
  );
}
