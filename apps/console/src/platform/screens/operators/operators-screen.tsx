import { Grid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../../ui';
import { operatorsQuery } from '../../api/operators';
import { NewOperator } from './new-operator';
import { OperatorDetail } from './operator-detail';
import { OperatorsTable } from './operators-table';

/** Operator accounts (admins): one per person, with a role, disabled when they leave; each account's history and keys. */
export function OperatorsScreen() {
  const [selected, setSelected] = useState<string>();
  const operators = useQuery(operatorsQuery);
  const chosen = operators.data?.data.find((operator) => operator.id === selected);

  return (
    <>
      <PageHeader
        title="운영자 계정"
        description="운영자는 한 사람이 한 계정을 씁니다. 역할은 업무에 필요한 만큼만 주고, 그만두면 비활성화하세요."
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <NewOperator onCreated={(operator) => setSelected(operator.id)} />
          <OperatorsTable query={operators} selected={selected} onSelect={setSelected} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          {chosen ? (
            <OperatorDetail key={chosen.id} operator={chosen} />
          ) : (
            <Text c="dimmed">목록에서 계정을 고르면 역할, 상태, 이력과 API 키가 여기에 표시됩니다.</Text>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}
