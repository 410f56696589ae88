/** Form controls: labelled input, select and checkbox with hints. */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from './cx.ts';

const INPUT_BASE =
  'block w-full rounded-lg border px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:bg-slate-50 disabled:text-slate-500';
const INPUT_TONES = {
  normal: 'border-slate-300 bg-white focus:border-brand-500 focus:ring-brand-500/20',
  warn: 'border-amber-400 bg-amber-50 focus:border-amber-500 focus:ring-amber-500/20',
} as const;

/** Input classes in a tone; colours are chosen here because Tailwind does not let a later class override an earlier one. */
export function inputClassFor(tone: keyof typeof INPUT_TONES = 'normal'): string {
  return `${INPUT_BASE} ${INPUT_TONES[tone]}`;
}

export const inputClass = inputClassFor('normal');

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...rest }, ref) {
  return <input ref={ref} className={cx(inputClass, className)} {...rest} />;
});

export function Select({ className, children, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cx(inputClass, 'pr-8', className)} {...rest}>{children}</select>;
}

/** A label above any control; `htmlFor` is wired through render-prop id. */
export function Field({ label, hint, error, children, className }: {
  label: ReactNode; hint?: ReactNode; error?: ReactNode; className?: string; children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">{label}</label>
      {children(id)}
      {hint && !error && <p className="mt-1.5 text-xs text-slate-500">{hint}</p>}
      {error && <p className="mt-1.5 text-xs font-medium text-red-600">{error}</p>}
    </div>
  );
}

export function Checkbox({ label, description, ...rest }: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; description?: ReactNode }) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50">
      <input id={id} type="checkbox" className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600" {...rest} />
      <span>
        <span className="block text-sm font-medium text-slate-900">{label}</span>
        {description && <span className="block text-xs text-slate-500">{description}</span>}
      </span>
    </label>
  );
}
