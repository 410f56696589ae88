/** EDI document settings: 204/211, X12 version (default 5010) and the display time zone, cached in the browser. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileCog } from 'lucide-react';
import { useEffect, useState } from 'react';
import { putSettings, type UserSettings, type X12Version } from '../../api/account.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { Checkbox, Field, Select } from '../../components/ui/Field.tsx';
import { toast, toastError } from '../../lib/toast-store.ts';
import { loadUserSettings, USER_SETTINGS_QUERY } from '../../lib/use-display-time-zone.ts';
import { browserTimeZone, readCachedSettings, TIMEZONES, writeCachedSettings } from '../../lib/user-settings-cache.ts';

export const X12_VERSIONS: readonly X12Version[] = ['4010', '5010', '7010'];

/** Settings before anything loads: both types on, 5010, the browser's zone. */
export function defaultSettings(): UserSettings {
  return { edi204: true, edi211: true, x12Version: '5010', timezone: browserTimeZone() };
}

export function EdiSettingsSection() {
  const [form, setForm] = useState<UserSettings>(() => ({ ...defaultSettings(), ...readCachedSettings() }));
  const [saving, setSaving] = useState(false);
  const qc = useQueryClient();
  // Always fresh on this page: loading refreshes the browser's cached copy too.
  const q = useQuery({ queryKey: USER_SETTINGS_QUERY, queryFn: loadUserSettings, retry: false, staleTime: 0 });

  useEffect(() => {
    if (q.data) setForm(q.data);
  }, [q.data]);
  useEffect(() => {
    if (q.isError) toastError('Failed to load user settings', `Failed to load settings: ${q.error instanceof Error ? q.error.message : 'unknown error'}`);
  }, [q.isError, q.error]);

  const save = async () => {
    setSaving(true);
    try {
      await putSettings(form);
      writeCachedSettings(form);
      qc.setQueryData(USER_SETTINGS_QUERY, form);
      toast({ title: 'Settings saved successfully', variant: 'success' });
    } catch {
      toastError('Error', 'Failed to save settings');
    } finally {
      setSaving(false);
    }
  };

  const zones = TIMEZONES.some((z) => z.value === form.timezone) ? TIMEZONES : [...TIMEZONES, { value: form.timezone, label: `${form.timezone} (browser)` }];
  const noneChosen = !form.edi204 && !form.edi211;
  return (
    <Card id="edi-settings">
      <CardHeader icon={<FileCog className="h-5 w-5" />} title="EDI Document Settings" description="Which documents are generated for each bill of lading, and how they are written." />
      <CardBody className="space-y-5">
        <div className="grid gap-3 sm:grid-cols-2">
          <Checkbox label="EDI 204" description="Motor carrier load tender / pickup request" checked={form.edi204} onChange={(e) => setForm({ ...form, edi204: e.target.checked })} />
          <Checkbox label="EDI 211" description="Motor carrier bill of lading" checked={form.edi211} onChange={(e) => setForm({ ...form, edi211: e.target.checked })} />
        </div>
        {noneChosen && <p className="text-xs font-medium text-amber-700">Choose at least one document type.</p>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="X12 version">
            {(id) => (
              <Select id={id} value={form.x12Version} onChange={(e) => setForm({ ...form, x12Version: e.target.value as X12Version })}>
                {X12_VERSIONS.map((v) => <option key={v} value={v}>{v === '5010' ? '5010 (default)' : v}</option>)}
              </Select>
            )}
          </Field>
          <Field label="Time zone" hint="Used for every timestamp shown to you; saved with your account.">
            {(id) => (
              <Select id={id} value={form.timezone} onChange={(e) => setForm({ ...form, timezone: e.target.value })}>
                {zones.map((z) => <option key={z.value} value={z.value}>{z.label}</option>)}
              </Select>
            )}
          </Field>
        </div>
        <div className="flex justify-end">
          <Button onClick={() => void save()} loading={saving} disabled={noneChosen || q.isPending}>Save Settings</Button>
        </div>
      </CardBody>
    </Card>
  );
}
