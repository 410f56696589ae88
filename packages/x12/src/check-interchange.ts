/**
 * Validates an interchange: envelope (ISA widths, delimiters, trailer counts and control
 * numbers), then each 204/211 body against its segment plan. Returns every issue found.
 */
import { issue, type X12Issue } from './errors.ts';
import { checkCharacters, checkIsa, checkStructure } from './check-envelope.ts';
import { checkTransaction, type CheckOptions } from './check-transaction.ts';
import { parseInterchange, X12ParseError, type ParsedInterchange } from './parse-interchange.ts';
import { PLANS } from './plans.ts';
import { versionFromCode, type TransactionType } from './versions.ts';

/** What `checkInterchange` returns. */
export interface CheckResult {
  ok: boolean;
  issues: X12Issue[];
  /** ST01 of the first transaction set (`204`, `211`). */
  type?: string;
  /** GS08 of the first group (`005010`). */
  version?: string;
  /** ISA13 as written (`000000001`). */
  controlNumber?: string | number;
}

/** Checks an interchange and lists what is wrong; `ok` when nothing is. */
export function checkInterchange(text: string, options: CheckOptions = {}): CheckResult {
  let parsed: ParsedInterchange;
  try {
    parsed = parseInterchange(text);
  } catch (e) {
    if (e instanceof X12ParseError) return { ok: false, issues: [issue(e.code, 'ISA', e.message)] };
    throw e;
  }
  const issues: X12Issue[] = [...checkIsa(parsed)];
  issues.push(...checkStructure(parsed), ...checkCharacters(parsed));
  const isaVersion = versionFromCode(parsed.isa?.elements[11] ?? '');
  for (const g of parsed.groups) {
    const version = versionFromCode(g.gs.elements[7] ?? '') ?? isaVersion;
    for (const t of g.transactions) {
      const plan = PLANS[t.type as TransactionType];
      if (!plan) {
        issues.push(issue('UNSUPPORTED_TRANSACTION', `ST[${t.st.index + 1}]`, `Transaction set ${t.type} is not a 204 or 211; only its envelope was checked.`));
        continue;
      }
      if (version) issues.push(...checkTransaction(t, plan, version, options));
    }
  }
  const first = parsed.groups[0];
  const result: CheckResult = { ok: issues.length === 0, issues };
  const type = first?.transactions[0]?.type;
  if (type) result.type = type;
  const version = first?.gs.elements[7];
  if (version) result.version = version;
  const control = parsed.isa?.elements[12];
  if (control !== undefined) result.controlNumber = control;
  return result;
}
