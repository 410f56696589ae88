/** The EDI and validation of the reviewer's unsaved draft, rebuilt by the server a moment after each edit. */
import type { ExtractedData } from '@ladingwise/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { previewEdi } from '../../api/jobs.ts';

/** Typing pauses this long before the preview is rebuilt. */
export const PREVIEW_DELAY_MS = 350;

export function useEdiPreview(jobId: string, draft: ExtractedData | null, enabled: boolean) {
  const [settled, setSettled] = useState(draft);
  useEffect(() => {
    const t = setTimeout(() => setSettled(draft), PREVIEW_DELAY_MS);
    return () => clearTimeout(t);
  }, [draft]);
  const key = settled ? JSON.stringify(settled) : null;
  return useQuery({
    queryKey: ['edi-preview', jobId, key],
    queryFn: ({ signal }) => previewEdi(jobId, settled!, signal),
    enabled: enabled && key !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
  });
}
