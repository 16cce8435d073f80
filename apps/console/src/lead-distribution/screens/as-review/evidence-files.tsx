import { Anchor, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AsRequest } from '../../api/lead-as';
import { sameOriginDownload } from './download-url';
import { PdfFrame } from './pdf-frame';

type EvidenceFile = AsRequest['files'][number];

/** The request's evidence files, each in view where the browser can show it. */
export function EvidenceFiles({ files }: { files: EvidenceFile[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="as-evidence-heading">
      <Title order={2} size="h4" mb="xs" id="as-evidence-heading">
        증빙 파일 {files.length}개
      </Title>
      {files.length === 0 ? (
        <Text c="dimmed">증빙 파일이 없습니다.</Text>
      ) : (
        <SimpleGrid cols={1} spacing="lg">
          {files.map((file) => (
            <Evidence key={file.fileId} file={file} />
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}

const INLINE_IMAGES = new Set(['image/jpeg', 'image/png', 'image/webp']);

function kilobytes(size: number): string {
  return size < 1024 ? `${size} B` : `${(size / 1024).toFixed(size < 10 * 1024 ? 1 : 0)} KB`;
}

/** One evidence file: images and PDFs in view, every file downloadable (the signed URL is the credential). */
function Evidence({ file }: { file: EvidenceFile }) {
  return (
    <Stack gap="xs" component="figure" m={0}>
      {INLINE_IMAGES.has(file.mimeType) ? (
        <Image
          src={sameOriginDownload(file.downloadUrl)}
          alt={`증빙 이미지 ${file.originalName}`}
          fit="contain"
          mah={480}
          w="100%"
          radius="sm"
          bd="1px solid var(--mantine-color-gray-3)"
        />
      ) : file.mimeType === 'application/pdf' ? (
        <PdfFrame file={file} />
      ) : (
        <Text c="dimmed" size="sm">
          이 형식({file.mimeType})은 화면에서 바로 볼 수 없습니다. 내려받아 확인하세요.
        </Text>
      )}
      <Group justify="space-between" component="figcaption">
        <Text size="sm">
          {file.originalName}{' '}
          <Text span c="dimmed" size="sm">
            {file.mimeType} · {kilobytes(file.size)}
          </Text>
        </Text>
        <Anchor href={sameOriginDownload(file.downloadUrl)} download={file.originalName} size="sm">
          내려받기
        </Anchor>
      </Group>
    </Stack>
  );
}
