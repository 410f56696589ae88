/** Why a picked file was not added, in words a customer reads (never a raw MIME type or accept list). */
import { formatBytes } from './format.ts';
import { MAX_FILE_BYTES, MAX_FILES } from './upload-rules.ts';

const KINDS: Record<string, string> = {
  'application/pdf': 'a PDF document',
  'text/plain': 'a text file',
  'text/csv': 'a CSV spreadsheet',
  'text/html': 'a web page',
  'application/zip': 'a ZIP archive',
  'application/msword': 'a Word document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'a Word document',
  'application/vnd.ms-excel': 'an Excel spreadsheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'an Excel spreadsheet',
  'image/gif': 'a GIF image',
  'image/heic': 'a HEIC photo',
  'image/heif': 'a HEIF photo',
  'image/svg+xml': 'an SVG drawing',
  'image/avif': 'an AVIF image',
};

/** "a PDF document", "a GIF image", "a .xyz file", or "of an unknown type". */
export function fileKind(file: { name: string; type: string }): string {
  const known = KINDS[file.type.toLowerCase()];
  if (known) return known;
  const [major, minor] = file.type.toLowerCase().split('/');
  if (major === 'image' && minor) return `a ${minor.replace(/^x-/, '').toUpperCase()} image`;
  if (major === 'video') return 'a video';
  if (major === 'audio') return 'a sound file';
  const ext = /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1];
  return ext ? `a .${ext.toLowerCase()} file` : 'of an unknown type';
}

/** One line per rejection reason (react-dropzone codes). */
export function rejectionText(file: { name: string; type: string; size: number }, code: string): string {
  switch (code) {
    case 'file-invalid-type': {
      const kind = fileKind(file);
      return `${kind === 'of an unknown type' ? 'This file is of an unknown type' : `This is ${kind}`}, not a supported image. Use JPEG, PNG, BMP, TIFF or WebP.`;
    }
    case 'file-too-large':
      return `It is ${formatBytes(file.size, 1)}; each image can be at most ${formatBytes(MAX_FILE_BYTES, 0)}.`;
    case 'too-many-files':
      return `At most ${MAX_FILES} images can be uploaded together.`;
    default:
      return 'This file could not be added.';
  }
}
