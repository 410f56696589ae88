/** The drop area: images only, disabled while uploading; says in words why a file was not added (until Clear or the next pick). */
import { useDropzone, type FileRejection } from 'react-dropzone';
import { ImagePlus, UploadCloud } from 'lucide-react';
import { cx } from '../../components/ui/cx.ts';
import { rejectionText } from '../../lib/rejected-files.ts';
import { ACCEPTED_IMAGES, MAX_FILE_BYTES, MAX_FILES } from '../../lib/upload-rules.ts';

export interface FileDropzoneProps {
  /** Each pick or drop: the images added and the files refused (which replace earlier notes). */
  onPick: (accepted: File[], rejected: FileRejection[]) => void;
  rejections: readonly FileRejection[];
  disabled: boolean;
  currentCount: number;
}

export function FileDropzone({ onPick, rejections, disabled, currentCount }: FileDropzoneProps) {
  const { getRootProps, getInputProps, isDragActive, isDragAccept, isDragReject, isFocused, isFileDialogActive } = useDropzone({
    accept: ACCEPTED_IMAGES,
    maxSize: MAX_FILE_BYTES,
    maxFiles: Math.max(1, MAX_FILES - currentCount),
    multiple: true,
    disabled,
    onDrop: (accepted, rejected) => onPick(accepted, rejected),
  });
  return (
    <div>
      <div {...getRootProps({
        className: cx(
          'flex cursor-pointer flex-col items-center justify-center rounded-2xl border-2 border-dashed px-6 py-12 text-center transition-colors',
          disabled && 'cursor-not-allowed opacity-60',
          isDragReject ? 'border-red-400 bg-red-50' : isDragAccept ? 'border-emerald-400 bg-emerald-50'
            : isDragActive || isFocused || isFileDialogActive ? 'border-brand-500 bg-brand-50/60' : 'border-slate-300 bg-slate-50 hover:border-brand-400 hover:bg-brand-50/40',
        ),
      })} data-testid="dropzone">
        <input {...getInputProps()} aria-label="Choose bill of lading images" />
        <div className={cx('mb-4 flex h-14 w-14 items-center justify-center rounded-2xl', isDragReject ? 'bg-red-100 text-red-600' : 'bg-white text-brand-600 shadow-sm ring-1 ring-slate-200')}>
          {isDragActive ? <ImagePlus className="h-7 w-7" /> : <UploadCloud className="h-7 w-7" />}
        </div>
        <p className="text-base font-medium text-slate-900">
          {isDragReject ? 'Only image files can be dropped here' : isDragActive ? 'Drop the images here' : 'Drag & drop bill of lading images here'}
        </p>
        <p className="mt-1 text-sm text-slate-500">or <span className="font-medium text-brand-600">click to browse</span> · JPEG, PNG, BMP, TIFF, WebP</p>
      </div>
      {rejections.length > 0 && (
        <ul className="mt-3 space-y-1 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-800" aria-label="Files not added">
          {rejections.slice(0, 5).map((r, i) => (
            <li key={`${r.file.name}-${i}`} className="break-words"><span className="font-medium">{r.file.name}</span>: {[...new Set(r.errors.map((e) => rejectionText(r.file, String(e.code))))].join(' ')}</li>
          ))}
          {rejections.length > 5 && <li>and {rejections.length - 5} more not added</li>}
        </ul>
      )}
    </div>
  );
}
