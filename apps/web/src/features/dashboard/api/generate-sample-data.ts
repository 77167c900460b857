import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_MSG, sampleDataProgressSchema, type SampleDataProgress } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { CHANGED_BY_APPOINTMENTS } from '@/lib/use-appointment-mutation';

/** Reads an NDJSON body line by line. */
async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end).trim();
      buffered = buffered.slice(end + 1);
      if (line) yield line;
    }
  }
  if (buffered.trim()) yield buffered.trim();
}

/**
 * POST /api/dashboard/sample-data: the server writes six months of sample appointments and reports
 * each month as it goes; `onProgress` hears every step. Resolves with the last one.
 */
export async function generateSampleData(onProgress: (step: SampleDataProgress) => void): Promise<SampleDataProgress> {
  const body = await api.post<ReadableStream<Uint8Array> | null>('/dashboard/sample-data', undefined, {
    responseType: 'stream',
    fallbackMessage: DASHBOARD_MSG.sampleFailed,
  });
  let last: SampleDataProgress | null = null;
  if (body) {
    for await (const line of lines(body)) {
      last = sampleDataProgressSchema.parse(JSON.parse(line));
      onProgress(last);
    }
  }
  if (!last?.finished) throw new Error(last?.message ?? DASHBOARD_MSG.sampleFailed);
  return last;
}

export function useGenerateSampleData(onProgress: (step: SampleDataProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateSampleData(onProgress),
    onSettled: () =>
      Promise.all(
        CHANGED_BY_APPOINTMENTS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
      ),
  });
}
