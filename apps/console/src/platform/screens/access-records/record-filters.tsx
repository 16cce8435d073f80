import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { optionsOf, seoulDayStart } from '../../../ui';
import type { AccessRecordSearch } from '../../api/access-records';
import type { AccessAction, AccessEvent, ActorKind, SubjectType } from '../../api/types';
import { ACCESS_ACTIONS, ACTOR_KINDS, SUBJECT_TYPES } from '../../labels';

/** The search: by subject, account (or key), action and days (in Seoul); applied when searched. */
export function RecordFilters({ onSearch }: { onSearch: (search: AccessRecordSearch) => void }) {
  const [subjectType, setSubjectType] = useState<SubjectType | null>(null);
  const [subjectId, setSubjectId] = useState('');
  const [actorKind, setActorKind] = useState<ActorKind | null>(null);
  const [actorId, setActorId] = useState('');
  const [action, setAction] = useState<AccessAction | AccessEvent | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({
      subjectType,
      subjectId: subjectId.trim() || undefined,
      actorKind,
      actorId: actorId.trim() || undefined,
      action,
      from: from ? seoulDayStart(from) : undefined,
      to: to ? seoulDayStart(to, 1) : undefined,
    });
  };

  return (
    <Group align="flex-end" wrap="wrap" mb="sm" component="form" onSubmit={submit} aria-label="접속기록 검색">
      <Select
        label="정보주체 종류"
        placeholder="전체"
        clearable
        data={optionsOf(SUBJECT_TYPES)}
        value={subjectType}
        onChange={(next) => setSubjectType(next as SubjectType | null)}
        w={150}
      />
      <TextInput label="정보주체 ID" value={subjectId} onChange={(event) => setSubjectId(event.currentTarget.value)} w={200} />
      <Select
        label="계정 종류"
        placeholder="전체"
        clearable
        data={optionsOf(ACTOR_KINDS)}
        value={actorKind}
        onChange={(next) => setActorKind(next as ActorKind | null)}
        w={150}
      />
      <TextInput label="계정·키 ID" value={actorId} onChange={(event) => setActorId(event.currentTarget.value)} w={200} />
      <Select
        label="작업"
        placeholder="전체"
        clearable
        data={optionsOf(ACCESS_ACTIONS)}
        value={action}
        onChange={(next) => setAction(next as AccessAction | AccessEvent | null)}
        w={150}
      />
      <TextInput label="시작일" type="date" value={from} onChange={(event) => setFrom(event.currentTarget.value)} w={160} />
      <TextInput label="종료일" type="date" value={to} onChange={(event) => setTo(event.currentTarget.value)} w={160} />
      <Button type="submit">검색</Button>
    </Group>
  );
}
