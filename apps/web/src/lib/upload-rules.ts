/** Upload page rules: accepted types, ID defaults and the pre-upload checks (spec section 5). */
import { DEFAULT_INTERCHANGE_ID, INTERCHANGE_ID_MAX } from '@ladingwise/shared';
import type { SavedIds } from '../api/account.ts';
import { formatBytes } from './format.ts';

export { DEFAULT_INTERCHANGE_ID, INTERCHANGE_ID_MAX };

/** react-dropzone accept map: JPEG/JPG, PNG, BMP, TIFF and WebP. */
export const ACCEPTED_IMAGES: Record<string, string[]> = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'image/bmp': ['.bmp'],
  'image/tiff': ['.tif', '.tiff'],
  'image/webp': ['.webp'],
};

/** Per-file limit checked in the browser, matching the server's default upload limit. */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;
/** Files per upload, matching the server's default. */
export const MAX_FILES = 50;
/** All files of one upload together, matching the server's default (it refuses more as the bytes arrive). */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

/** First saved ID of each list, else the product default (also used when loading failed: pass null). */
export function defaultIds(saved: SavedIds | null): { sender: string; receiver: string } {
  return {
    sender: saved?.savedSenderIds[0]?.interchangeId || DEFAULT_INTERCHANGE_ID,
    receiver: saved?.savedReceiverIds[0]?.interchangeId || DEFAULT_INTERCHANGE_ID,
  };
}

/** Upper-cases and trims an interchange ID to at most 15 characters. */
export function cleanInterchangeId(v: string): string {
  return v.toUpperCase().slice(0, INTERCHANGE_ID_MAX);
}

export interface UploadProblem {
  title: string;
  description: string;
}

/** The first problem that blocks an upload, or null when it may go ahead. */
export function checkUpload(fileCount: number, senderId: string, receiverId: string, totalBytes = 0): UploadProblem | null {
  if (fileCount === 0) return { title: 'No files selected', description: 'Please select at least one file to upload.' };
  if (totalBytes > MAX_UPLOAD_BYTES) {
    return { title: 'Upload too large', description: `These files are ${formatBytes(totalBytes)} together; one upload takes at most ${formatBytes(MAX_UPLOAD_BYTES)}. Upload them in smaller batches.` };
  }
  if (!senderId.trim() || !receiverId.trim()) return { title: 'Missing IDs', description: 'Sender and Receiver IDs are required.' };
  return null;
}

/** The 'Upload failed' text: server message, else error message, else the numbered generic one. */
export function uploadFailureText(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return '02 There was a problem uploading your images. Please try again.';
}
