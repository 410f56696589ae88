/** Upload page: pick sender/receiver IDs, drop images, upload, then watch the job until it finishes. */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FileRejection } from 'react-dropzone';
import { Link } from 'react-router';
import { ArrowRight, FileCheck2, ScanLine, Send } from 'lucide-react';
import { getSavedIds } from '../../api/account.ts';
import { uploadDocuments } from '../../api/jobs.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader, PageHeader } from '../../components/ui/Card.tsx';
import { Checkbox } from '../../components/ui/Field.tsx';
import { formatBytes } from '../../lib/format.ts';
import { toast, toastError } from '../../lib/toast-store.ts';
import { checkUpload, defaultIds, uploadFailureText } from '../../lib/upload-rules.ts';
import { FileDropzone } from './FileDropzone.tsx';
import { FileList } from './FileList.tsx';
import { InterchangeIdPicker } from './InterchangeIdPicker.tsx';
import { useJobStatusPoll } from './useJobStatusPoll.tsx';

export function UploadPage() {
  const saved = useQuery({ queryKey: ['interchange-ids'], queryFn: getSavedIds, retry: false });
  const [files, setFiles] = useState<File[]>([]);
  const [sender, setSender] = useState('');
  const [receiver, setReceiver] = useState('');
  const [touched, setTouched] = useState(false);
  const [uploading, setUploading] = useState(false);
  // Files the picker refused, with why; Clear and a finished upload forget them.
  const [rejected, setRejected] = useState<FileRejection[]>([]);
  const clear = () => { setFiles([]); setRejected([]); };
  const [oneDocument, setOneDocument] = useState(false);
  const poll = useJobStatusPoll();

  // Defaults: first saved ID of each list, or the product default when none exist or loading failed.
  useEffect(() => {
    if (touched || saved.isPending) return;
    const d = defaultIds(saved.isError ? null : saved.data ?? null);
    setSender(d.sender);
    setReceiver(d.receiver);
  }, [saved.isPending, saved.isError, saved.data, touched]);

  const submit = async () => {
    const problem = checkUpload(files.length, sender, receiver, files.reduce((n, f) => n + f.size, 0));
    if (problem) {
      toastError(problem.title, problem.description);
      return;
    }
    setUploading(true);
    try {
      const grouping = files.length > 1 && oneDocument ? 'one-document' : 'per-file';
      const jobIds = await uploadDocuments(files, sender.trim() || undefined, receiver.trim() || undefined, grouping);
      clear();
      toast({
        title: 'Upload received',
        description: jobIds.length === 1 ? 'Your bill of lading is being processed. We will let you know when it is ready.' : `${jobIds.length} bills of lading are being processed. We will let you know when each is ready.`,
      });
      for (const id of jobIds) poll.start(id);
    } catch (err) {
      toastError('Upload failed', uploadFailureText(err), true);
    } finally {
      setUploading(false);
    }
  };

  const total = files.reduce((n, f) => n + f.size, 0);
  return (
    <>
      <meta name="robots" content="noindex" />
      <title>Upload · Ladingwise</title>
      <PageHeader title="Upload Bills of Lading" description="Turn scanned or photographed bills of lading into EDI X12 204 and 211 documents."
        action={<Link to="/app/documents" className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:text-brand-700">View processed documents <ArrowRight className="h-4 w-4" /></Link>} />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Card>
          <CardHeader title="New upload" description="Each file is read as its own bill of lading; a multi-page TIFF is one bill." />
          <CardBody className="space-y-6">
            <div className="grid gap-4 sm:grid-cols-2">
              <InterchangeIdPicker label="Sender ID" value={sender} disabled={uploading} saved={saved.data?.savedSenderIds ?? []}
                onChange={(v) => { setTouched(true); setSender(v); }} />
              <InterchangeIdPicker label="Receiver ID" value={receiver} disabled={uploading} saved={saved.data?.savedReceiverIds ?? []}
                onChange={(v) => { setTouched(true); setReceiver(v); }} />
            </div>
            <FileDropzone disabled={uploading} currentCount={files.length} rejections={rejected}
              onPick={(added, refused) => { setRejected(refused); if (added.length) setFiles((prev) => [...prev, ...added]); }} />
            <FileList files={files} disabled={uploading} onRemove={(i) => setFiles((prev) => prev.filter((_, j) => j !== i))} />
            {files.length > 1 && (
              <Checkbox label="These files are the pages of one bill of lading" description="Otherwise each file becomes its own document."
                checked={oneDocument} disabled={uploading} onChange={(e) => setOneDocument(e.target.checked)} />
            )}
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-5">
              <p className="text-sm text-slate-500">
                {files.length === 0 ? 'No files selected' : `${files.length} file${files.length === 1 ? '' : 's'} · ${formatBytes(total)}`}
              </p>
              <div className="flex gap-2">
                <Button variant="outline" disabled={uploading || (files.length === 0 && rejected.length === 0)} onClick={clear}>Clear</Button>
                <Button onClick={() => void submit()} loading={uploading}>{uploading ? 'Processing...' : 'Upload & Generate EDI'}</Button>
              </div>
            </div>
          </CardBody>
        </Card>
        <aside className="space-y-4">
          <Card>
            <CardBody>
              <h2 className="text-sm font-semibold text-slate-900">How it works</h2>
              <ol className="mt-4 space-y-4">
                {[
                  { icon: ScanLine, title: 'We read the document', text: 'Shipper, consignee, weights, dates and references are extracted, usually in under a minute.' },
                  { icon: FileCheck2, title: 'You review', text: 'Documents with unsure or missing fields wait for you, with each field shown on the page; nothing is sent until you approve.' },
                  { icon: Send, title: 'EDI is delivered', text: 'Download the 204/211, or collect it by SFTP, API or webhook.' },
                ].map(({ icon: Icon, title, text }) => (
                  <li key={title} className="flex gap-3">
                    <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600"><Icon className="h-4 w-4" /></span>
                    <span><span className="block text-sm font-medium text-slate-800">{title}</span><span className="block text-xs leading-5 text-slate-500">{text}</span></span>
                  </li>
                ))}
              </ol>
            </CardBody>
          </Card>
          <p className="px-1 text-xs leading-5 text-slate-500">Failed documents are not charged. Sharp, flat, well-lit images give the best results.</p>
        </aside>
      </div>
    </>
  );
}
