/** Test fixture (used by the delivery and SFTP tests only): a finished job written through the real job and EDI stores (no OCR needed). */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { insertJob, markCompleted, markFailed } from '../jobs/job-store.ts';
import { allocateIsaControlNumber, insertEdiDocument } from '../edi/edi-store.ts';

/** Inserts a job and moves it to Completed (with a 204 document) or Failed; returns its id and EDI text. */
export async function finishedJob(
  ctx: AppContext,
  tenantId: string,
  o: { status: 'Completed' | 'Failed'; fileName?: string; receiverId?: string; error?: string },
): Promise<{ jobId: string; edi: string | null; isa: string | null }> {
  const jobId = randomUUID();
  const receiverId = o.receiverId ?? 'RECEIVER1';
  await insertJob(ctx.db, {
    id: jobId, tenantId, fileName: o.fileName ?? 'bol.jpg', senderId: 'SENDER1', receiverId, source: 'web', createdBy: null, apiKeyId: null,
    pages: [{ page: 0, file_name: o.fileName ?? 'bol.jpg', image_type: 'jpeg', byte_size: 3, storage_key: `tenants/${tenantId}/jobs/${jobId}/pages/0.jpg` }],
  });
  if (o.status === 'Failed') {
    await markFailed(ctx.db, { jobId, tenantId, code: 'UNREADABLE', message: o.error ?? 'The image could not be read.' });
    return { jobId, edi: null, isa: null };
  }
  const isa = await allocateIsaControlNumber(ctx.db, tenantId, 'SENDER1');
  const isaText = String(isa).padStart(9, '0');
  const edi = `ISA*00*          *00*          *ZZ*SENDER1        *ZZ*${receiverId.padEnd(15)}*260101*1200*U*00401*${isaText}*0*P*>~\nIEA*1*${isaText}~\n`;
  await ctx.db.transaction(async (tx) => {
    await markCompleted(tx, { jobId, tenantId, processingType: '204', shipperName: 'ACME', bolNumber: 'B1' });
    await insertEdiDocument(tx, {
      jobId, tenantId, type: '204', x12Version: '4010', senderId: 'SENDER1', receiverId, isa, dataVersion: 1,
      storageKey: `tenants/${tenantId}/jobs/${jobId}/edi/204-${isaText}.x12`, content: edi, checkOk: true, purpose: 'original',
    });
  });
  return { jobId, edi, isa: isaText };
}
