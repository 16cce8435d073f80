import { Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ProblemAlert } from '../../../ui';
import type { AsRequest } from '../../api/lead-as';
import { sameOriginDownload } from './download-url';

type EvidenceFile = AsRequest['files'][number];

/**
 * A PDF fetched as a blob and shown in a frame (a blob: URL of the console's own origin). Not a
 * query of the cache: the blob: URL lives exactly as long as the frame that shows it.
 */
export function PdfFrame({ file }: { file: EvidenceFile }) {
  const [blobUrl, setBlobUrl] = useState<string>();
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    let url: string | undefined;
    let cancelled = false;
    fetch(sameOriginDownload(file.downloadUrl))
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const blob = await response.blob();
        if (cancelled) return;
        url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setBlobUrl(url);
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailed(error instanceof Error ? error.message : String(error));
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
    // A new URL for the same file (the request read again before its URLs expire) shows the same bytes: fetch once per file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file.fileId]);

  if (failed) return <ProblemAlert error={new Error(`PDF를 불러오지 못했습니다 (${failed}).`)} title="PDF를 불러오지 못했습니다" />;
  if (!blobUrl) return <Loader size="sm" aria-label="PDF 불러오는 중" />;
  return (
    <iframe
      src={blobUrl}
      title={`증빙 PDF ${file.originalName}`}
      style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-gray-3)' }}
    />
  );
}
