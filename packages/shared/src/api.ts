/** Shapes the HTTP API returns, shared by the server and the web app. */
import type { ExtractedData } from './extracted-data.ts';

/** Every API answer: `{success, data, message}`. */
export interface ApiEnvelope<T> {
  success: boolean;
  data: T | null;
  message: string | null;
}

export type JobStatus = 'Completed' | 'Failed' | 'InProgress' | 'Cancelled';
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
}

export interface UserSettingsDto {
  ediDocumentTypes: { edi204: boolean; edi211: boolean };
  x12Version: X12Version;
  timezone: string | null;
}

export type PricingPlan = 'good-as-a-human' | 'better-than-a-human';

/** The product's fixed default interchange ID. */
export const DEFAULT_INTERCHANGE_ID = 'LADINGWISE';
export const INTERCHANGE_ID_MAX = 15;
