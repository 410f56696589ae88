/** Human review: when documents wait for a person before their EDI is sent (always, when unsure, never) and how sure is sure. */
import type { ReviewPolicy } from '@ladingwise/shared';
import { useQuery } from '@tanstack/react-query';
import { UserCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { getReviewSettings, putReviewSettings, type ReviewSettings } from '../../api/review-settings.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { cx } from '../../components/ui/cx.ts';
import { Field, Select } from '../../components/ui/Field.tsx';
import { toast, toastError } from '../../lib/toast-store.ts';

const POLICIES: { value: ReviewPolicy; title: string; text: string }[] = [
  { value: 'when-unsure', title: 'When unsure (recommended)', text: 'A document waits for you when a field its EDI needs is missing or invalid, or a key field is read with less confidence than you set below.' },
  { value: 'always', title: 'Always', text: 'Every document waits for your approval before its EDI is sent and charged.' },
  { value: 'never', title: 'Never', text: 'EDI is sent as soon as a document is read, as it is, even with fields missing.' },
];

const THRESHOLDS = [0.8, 0.85, 0.9, 0.95, 0.99] as const;

export function ReviewSettingsSection() {
  const q = useQuery({ queryKey: ['review-settings'], queryFn: getReviewSettings, retry: false });
  const [form, setForm] = useState<ReviewSettings | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => { if (q.data) setForm(q.data); }, [q.data]);

  const save = async () => {
    if (!form) return;
    setSaving(true);
    try {
      await putReviewSettings(form);
      toast({ title: 'Review settings saved', variant: 'success' });
    } catch {
      toastError('Error', 'Failed to save the review settings');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card id="review-settings">
      <CardHeader icon={<UserCheck className="h-5 w-5" />} title="Human Review" description="Hold documents for a person before their EDI is sent. Held documents are not delivered or charged until approved." />
      <CardBody className="space-y-5">
        <fieldset className="grid gap-3" disabled={!form}>
          <legend className="sr-only">When documents wait for review</legend>
          {POLICIES.map((p) => (
            <label key={p.value} className={cx('flex cursor-pointer items-start gap-3 rounded-lg border p-3 hover:bg-slate-50', form?.reviewPolicy === p.value ? 'border-brand-400 bg-brand-50/40' : 'border-slate-200')}>
              <input type="radio" name="review-policy" value={p.value} checked={form?.reviewPolicy === p.value} className="mt-0.5 accent-brand-600"
                onChange={() => form && setForm({ ...form, reviewPolicy: p.value })} />
              <span>
                <span className="block text-sm font-medium text-slate-900">{p.title}</span>
                <span className="block text-xs text-slate-500">{p.text}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <Field label="Confidence needed" hint="Scores are calibrated: a field read at 90% or more is right at least 99 times in 100.">
          {(id) => (
            <Select id={id} value={String(form?.reviewThreshold ?? 0.9)} disabled={!form || form.reviewPolicy !== 'when-unsure'}
              onChange={(e) => form && setForm({ ...form, reviewThreshold: Number(e.target.value) })}>
              {THRESHOLDS.map((t) => <option key={t} value={String(t)}>{Math.round(t * 100)}%{t === 0.9 ? ' (default)' : ''}</option>)}
            </Select>
          )}
        </Field>
        <div className="flex justify-end">
          <Button onClick={() => void save()} loading={saving} disabled={!form}>Save Review Settings</Button>
        </div>
      </CardBody>
    </Card>
  );
}
