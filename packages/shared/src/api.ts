/** Shapes the HTTP API returns, shared by the server and the web app. */
import type { ExtractedData } from './extracted-data.ts';

/** Every API answer: `{success, data, message}`. */
export interface ApiEnvelope<T> {
  success: boolean;
  data: T | null;
  message: string | null;
}

/**
 * NeedsReview: extracted and validated, waiting for a person (see ReviewPolicy); nothing has been
 * delivered or charged yet. InProgress covers queued and processing (JobDto.Stage tells which).
 */
export type JobStatus = 'Completed' | 'Failed' | 'InProgress' | 'Cancelled' | 'NeedsReview';
export const JOB_STATUSES: readonly JobStatus[] = ['Completed', 'Failed', 'InProgress', 'Cancelled', 'NeedsReview'];

/**
 * When a document waits for a person before its EDI is delivered: `always`; `when-unsure` (the
 * default) when a field its EDI needs is missing or invalid or a core field scores under the
 * tenant's confidence threshold; `never` (deliver at once).
 */
export type ReviewPolicy = 'always' | 'when-unsure' | 'never';
export const REVIEW_POLICIES: readonly ReviewPolicy[] = ['always', 'when-unsure', 'never'];
export const DEFAULT_REVIEW_POLICY: ReviewPolicy = 'when-unsure';
/** Core fields scored under this are "unsure" unless the tenant set its own threshold. */
export const DEFAULT_REVIEW_THRESHOLD = 0.9;

/** How the files of one upload become documents: each file its own bill, or all files pages of one bill. */
export type UploadGrouping = 'per-file' | 'one-document';
export const UPLOAD_GROUPINGS: readonly UploadGrouping[] = ['per-file', 'one-document'];
export type EdiDocumentType = '204' | '211';
export type X12Version = '4010' | '5010' | '7010';

/** A processed document as the documents page and the status poll see it. */
export interface JobDto {
  JobId: string;
  FileName: string;
  Status: JobStatus;
  StatusIcon: JobStatus;
  CreatedAt: string;
  CompletedAt: string | null;
  ErrorMessage: string | null;
  /** The EDI text of the primary document (204 when both are generated). */
  EDIContent: string | null;
  /** Every generated document, one per type. */
  EdiDocuments: { Type: EdiDocumentType; ISAControlNumber: string; Content: string }[];
  ExtractedData: ExtractedData | null;
  ImageUrls: string[];
  DisplayUrls: string[];
  ThumbnailUrls: string[];
  ISAControlNumber: string | null;
  ProcessingType: EdiDocumentType | null;
  EdiInterchangeSenderId: string;
  EdiInterchangeReceiverId: string;
  /** For InProgress: `queued` (waiting for a worker) or `processing`; `done` otherwise. */
  Stage: 'queued' | 'processing' | 'done';
  /** Every interchange ever built for the job, oldest first; a correction after delivery is a `change`. */
  EdiHistory: EdiHistoryEntry[];
}

export interface EdiHistoryEntry {
  Type: EdiDocumentType;
  ISAControlNumber: string;
  /** B2A01: `original` (00) or `change` (04). */
  Purpose: 'original' | 'change';
  CreatedAt: string;
  /** False once a later interchange of the same type replaced it. */
  Current: boolean;
}

export interface UserSettingsDto {
  ediDocumentTypes: { edi204: boolean; edi211: boolean };
  x12Version: X12Version;
  /** When a document waits for a person before its EDI is delivered. */
  reviewPolicy: ReviewPolicy;
  /** Core fields scored under this make a document "unsure" (0–1). */
  reviewThreshold: number;
  timezone: string | null;
}

export type PricingPlan = 'good-as-a-human' | 'better-than-a-human';

/** The product's fixed default interchange ID. */
export const DEFAULT_INTERCHANGE_ID = 'LADINGWISE';
export const INTERCHANGE_ID_MAX = 15;
