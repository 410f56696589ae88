/** Processing calls (jobs list, status, corrections, EDI, upload) and the tolerant Job reader. */
import type { ExtractedData } from '@ladingwise/shared';
import { call, request } from './http.ts';
import { arr, bool, isObject, num, pick, str, strings, type Loose } from './read.ts';

export type StatusIcon = 'Completed' | 'Failed' | 'InProgress' | string;

/** One interchange ever built for a job: the first of a type is an original, a correction after delivery a change. */
export interface EdiVersion {
  type: string;
  isaControlNumber: string;
  purpose: 'original' | 'change';
  createdAt: string;
  current: boolean;
}

export interface EdiDocument {
  type: '204' | '211' | string;
  isaControlNumber: string | null;
  content: string;
}

/** A processed document, with the spec's defaults filled in. */
export interface Job {
  jobId: string;
  fileName: string;
  status: string;
  statusIcon: StatusIcon;
  /** For InProgress: `queued` (waiting for a worker) or `processing`; null when the server does not say. */
  stage: string | null;
  createdAt: string;
  completedAt: string | null;
  errorMessage: string | null;
  ediContent: string | null;
  ediDocuments: EdiDocument[];
  extractedData: ExtractedData | null;
  /** Every interchange built, oldest first. */
  ediHistory: EdiVersion[];
  imageUrls: string[];
  displayUrls: string[];
  thumbnailUrls: string[];
  isaControlNumber: string | null;
  processingType: string | null;
  senderId: string | null;
  receiverId: string | null;
}

/** Reads one job from an API answer in either key case, applying the spec's defaults. */
export function readJob(raw: unknown, now: () => Date = () => new Date()): Job {
  const o = isObject(raw) ? raw : {};
  const status = str(o, 'Status') || 'Unknown';
  const extracted = pick(o, 'ExtractedData');
  const edi = str(o, 'EDIContent') ?? str(o, 'EdiContent') ?? null;
  const docs = arr(o, 'EdiDocuments').filter(isObject).map((d) => ({
    type: str(d, 'Type', ''),
    isaControlNumber: str(d, 'ISAControlNumber') ?? str(d, 'IsaControlNumber') ?? null,
    content: str(d, 'Content', ''),
  }));
  return {
    jobId: str(o, 'JobId') ?? str(o, 'id') ?? '',
    fileName: str(o, 'FileName') || 'Unknown File',
    status,
    statusIcon: str(o, 'StatusIcon') || 'InProgress',
    stage: str(o, 'Stage') ?? null,
    createdAt: str(o, 'CreatedAt') || now().toISOString(),
    completedAt: str(o, 'CompletedAt') ?? null,
    errorMessage: str(o, 'ErrorMessage') ?? null,
    ediContent: edi,
    ediDocuments: docs,
    extractedData: isObject(extracted) ? (extracted as unknown as ExtractedData) : null,
    ediHistory: arr(o, 'EdiHistory').filter(isObject).map((h) => ({
      type: str(h, 'Type', ''), isaControlNumber: str(h, 'ISAControlNumber', ''), purpose: str(h, 'Purpose') === 'change' ? 'change' as const : 'original' as const,
      createdAt: str(h, 'CreatedAt', ''), current: bool(h, 'Current', false),
    })),
    imageUrls: strings(o, 'ImageUrls'),
    displayUrls: strings(o, 'DisplayUrls'),
    thumbnailUrls: strings(o, 'ThumbnailUrls'),
    isaControlNumber: str(o, 'ISAControlNumber') ?? str(o, 'IsaControlNumber') ?? null,
    processingType: str(o, 'ProcessingType') ?? null,
    senderId: str(o, 'EdiInterchangeSenderId') ?? null,
    receiverId: str(o, 'EdiInterchangeReceiverId') ?? null,
  };
}

export interface JobPage {
  jobs: Job[];
  total: number;
}

/** Thrown when the list answer has neither data.jobs nor a plain array. */
export class UnexpectedResponse extends Error {}

/** Reads the list answer: data.jobs + data.total, or data as a plain array. */
export function readJobPage(data: unknown): JobPage {
  if (Array.isArray(data)) return { jobs: data.map((j) => readJob(j)), total: data.length };
  if (isObject(data) && Array.isArray(pick(data, 'jobs'))) {
    const jobs = (pick(data, 'jobs') as unknown[]).map((j) => readJob(j));
    return { jobs, total: num(data, 'total', jobs.length) };
  }
  throw new UnexpectedResponse('Unexpected response');
}

/** One page of the signed-in tenant's jobs, newest first; `status` filters (e.g. NeedsReview). */
export async function listJobs(page: number, pageSize: number, signal?: AbortSignal, status?: string): Promise<JobPage> {
  const env = await request('GET', '/processing/jobs', { query: { page, pageSize, ...(status ? { status } : {}) }, signal });
  if (!env.success) throw new UnexpectedResponse(env.message ?? 'Unexpected response');
  return readJobPage(env.data);
}

/** One job by id through the list endpoint's jobId filter (the status poll uses this too). */
export async function fetchJob(jobId: string, signal?: AbortSignal): Promise<Job | null> {
  const data = await call('GET', '/processing/jobs', { query: { jobId, page: 1, pageSize: 1 }, signal });
  const { jobs } = readJobPage(data);
  return jobs.find((j) => j.jobId === jobId) ?? jobs[0] ?? null;
}

/** Requeues a failed job. */
export async function reprocessJob(jobId: string): Promise<void> {
  await call('POST', `/processing/job/${encodeURIComponent(jobId)}/reprocess`);
}

/** Cancels a job that no worker has started yet. */
export async function cancelJob(jobId: string): Promise<void> {
  await call('POST', `/processing/job/${encodeURIComponent(jobId)}/cancel`);
}

/** Deletes a job (hidden at once, purged by the server later). */
export async function deleteJob(jobId: string): Promise<void> {
  await call('DELETE', `/processing/job/${encodeURIComponent(jobId)}`);
}

/** Saves reviewer corrections as a new data version and returns the updated job. */
export async function saveJobData(jobId: string, data: ExtractedData): Promise<Job> {
  return readJob(await call('PUT', `/processing/job/${encodeURIComponent(jobId)}/data`, { body: data }));
}

/** A person confirms flagged fields as right as read: their flags clear (audited); nothing is rebuilt or sent. */
export async function confirmFields(jobId: string, fields: string[]): Promise<Job> {
  return readJob(await call('POST', `/processing/job/${encodeURIComponent(jobId)}/confirm`, { body: { fields } }));
}

/** Rebuilds one EDI document type from the job's current data. */
export async function generateEdi(jobId: string, documentType: '204' | '211'): Promise<Job> {
  return readJob(await call('POST', `/processing/job/${encodeURIComponent(jobId)}/generate-edi`, { body: { documentType } }));
}

/** Approves a held (NeedsReview) document, with the reviewer's data when given: the server builds, checks, delivers and charges. */
export async function approveJob(jobId: string, data?: ExtractedData): Promise<Job> {
  return readJob(await call('POST', `/processing/job/${encodeURIComponent(jobId)}/approve`, data ? { body: data } : {}));
}

/** What the EDI would be for this (unsaved) data, and the data re-validated; nothing is stored or sent. */
export interface EdiPreview {
  documents: EdiDocument[];
  data: ExtractedData | null;
}

export async function previewEdi(jobId: string, data: ExtractedData, signal?: AbortSignal): Promise<EdiPreview> {
  const raw = await call('POST', `/processing/job/${encodeURIComponent(jobId)}/edi-preview`, { body: data, signal });
  const docs = arr(raw, 'Documents').filter(isObject).map((d) => ({
    type: str(d, 'Type', ''),
    isaControlNumber: str(d, 'ISAControlNumber') ?? null,
    content: str(d, 'Content', ''),
  }));
  const validated = pick(raw, 'ExtractedData');
  return { documents: docs, data: isObject(validated) ? (validated as unknown as ExtractedData) : null };
}

/**
 * Uploads images as documents: each file its own bill of lading (`per-file`, the server's default),
 * or all files the pages of one (`one-document`). Returns every new job's id, in file order.
 */
export async function uploadDocuments(files: File[], senderId?: string, receiverId?: string, grouping?: 'per-file' | 'one-document'): Promise<string[]> {
  const form = new FormData();
  for (const f of files) form.append('Files', f, f.name);
  if (senderId) form.append('EdiSenderId', senderId);
  if (receiverId) form.append('EdiReceiverId', receiverId);
  if (grouping) form.append('Grouping', grouping);
  const data = (await call('POST', '/upload/process-images', { form })) as Loose | null;
  const jobId = str(data, 'jobId');
  if (!jobId) throw new Error('The server did not return a job id.');
  const ids = strings(data, 'jobIds');
  return ids.length ? ids : [jobId];
}
