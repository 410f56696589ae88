/** The latest ledger rows; a charge or refund names and links the document it was for. */
import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { getTransactions, type Transaction } from '../../api/billing.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { formatTimestamp } from '../../lib/format.ts';

export const TRANSACTIONS_SHOWN = 10;

const TYPE_TONE = { Deposit: 'green', Charge: 'gray', Refund: 'blue' } as const;

/** Where a transaction's document opens: its review screen. */
export function documentLink(jobId: string): string {
  return `/app/documents/${encodeURIComponent(jobId)}`;
}

function Description({ t }: { t: Transaction }) {
  const text = t.description || t.transactionType;
  if (!t.jobId) return <p className="break-words text-sm text-slate-900">{text}</p>;
  return (
    <p className="break-words text-sm text-slate-900">
      {text}:{' '}
      <Link to={documentLink(t.jobId)} className="font-medium text-brand-600 hover:text-brand-700 hover:underline">
        {t.fileName ?? 'view document'}
      </Link>
    </p>
  );
}

export function TransactionHistory({ timeZone }: { timeZone: string }) {
  const tx = useQuery({ queryKey: ['transactions', TRANSACTIONS_SHOWN], queryFn: () => getTransactions(TRANSACTIONS_SHOWN, 0) });
  return (
    <Card>
      <CardHeader icon={<Receipt className="h-5 w-5" />} title="Transaction history" description={`Your latest ${TRANSACTIONS_SHOWN} transactions.`} />
      <CardBody className="p-0 sm:p-0">
        {tx.isPending ? <p className="px-6 py-6 text-sm text-slate-500">Loading...</p> : tx.isError ? (
          <p className="px-6 py-6 text-sm text-red-600">Could not load transactions.</p>
        ) : tx.data.length === 0 ? (
          <p className="px-6 py-8 text-center text-sm text-slate-500">No transactions yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Transactions">
            {tx.data.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:flex-nowrap sm:px-6">
                <div className="min-w-0 flex-1 basis-full sm:basis-auto">
                  <Description t={t} />
                  <p className="text-xs text-slate-500">{formatTimestamp(t.createdAt, timeZone)}{t.source ? ` · ${t.source}` : ''}</p>
                </div>
                <Badge tone={TYPE_TONE[t.transactionType as keyof typeof TYPE_TONE] ?? 'gray'}>{t.transactionType}</Badge>
                <span className={`ml-auto text-right text-sm font-semibold tabular-nums sm:w-28 ${t.amount < 0 ? 'text-slate-700' : 'text-emerald-700'}`}>
                  {t.amount < 0 ? '−' : t.amount > 0 ? '+' : ''}{Math.abs(t.amount).toLocaleString('en-US')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
