/**
 * The server reports problems with dotted field paths ("Carrier.Scac is required for the 204").
 * A reviewer reads sentences: each known form is rewritten, and any path left is replaced by the
 * field's name, so no code path ever reaches the screen.
 */
import { fieldOf } from './review-fields.ts';

const PATH = /\b(?:Shipper|Consignee|BillTo|Carrier|ShipmentDetails|Dates|References|LineItems)(?:\.[A-Za-z0-9]+)+|\bFreightTerms\b/g;

/** "the consignee's name", "the carrier SCAC", "line 2's weight". */
export function nameOf(path: string): string {
  const line = /^LineItems\.(\d+)\.(\w+)$/.exec(path);
  if (line) return `line ${Number(line[1]) + 1}'s ${words(line[2]!)}`;
  const def = fieldOf(path);
  if (!def) return words(path.split('.').pop() ?? path);
  const [group] = path.split('.');
  if (group === 'Shipper' || group === 'Consignee' || group === 'BillTo') {
    const owner = group === 'BillTo' ? 'bill-to party' : group.toLowerCase();
    return `the ${owner}'s ${def.label === 'ZIP / postal code' ? 'ZIP or postal code' : def.label.toLowerCase()}`;
  }
  return `the ${lowerFirst(def.title)}`;
}

/** "Carrier name" -> "carrier name", but "BOL number" stays (an acronym keeps its case). */
function lowerFirst(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

function words(camel: string): string {
  return camel.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The field paths a message is about, in order. */
export function pathsIn(message: string): string[] {
  return [...message.matchAll(PATH)].map((m) => m[0]);
}

/** One server message in plain words. */
export function plainMessage(message: string): string {
  const text = message.replace(/^Check: /, '');
  let m = /^(\S+) is required for the (204|211)$/.exec(text);
  if (m) return `${capital(nameOf(m[1]!))} is missing (the ${m[2]} needs it).`;
  m = /^(\S+) must be a date in the form YYYY-MM-DD$/.exec(text);
  if (m) return `${capital(nameOf(m[1]!))} is not a valid date.`;
  m = /^(\S+) is before (\S+)$/.exec(text);
  if (m) return `${capital(nameOf(m[1]!))} is before ${nameOf(m[2]!)}.`;
  m = /^(\S+) must be (.+)$/.exec(text);
  if (m && pathsIn(m[1]!).length === 1) return `${capital(nameOf(m[1]!))} must be ${m[2]}.`;
  m = /^X12 (204|211): (?:[A-Z0-9]+\[\d+\]\.[A-Z0-9]+: )?(.+)$/.exec(text);
  if (m) return `The ${m[1]} did not pass its final check: ${plainMessage(m[2]!).replace(/\.$/, '')}.`;
  const replaced = text.replace(PATH, (p) => nameOf(p).replace(/^the /, ''));
  return capital(replaced.endsWith('.') ? replaced : `${replaced}.`);
}
