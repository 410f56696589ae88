import { company, randomBol, type BolDoc, type BolTruth, type PartyTruth } from '../synthetic/data.ts';
import { randomPlace, randomStreet } from '../synthetic/places.ts';
import type { Rng } from '../synthetic/random.ts';
import type { Lang } from './lexicon.ts';

/** ISO 3166-1 alpha-2 codes of the countries parties come from. */
export type Country = 'US' | 'CA' | 'MX' | 'CN' | 'SG' | 'NL' | 'BR' | 'DE' | 'FR' | 'GB';

/** A party of the truth file with its country; outside North America the address is kept as written and `state` is ''. */
export interface CountryParty extends PartyTruth { country: Country }

/** The truth of a generated page: the truth.json shape with a country on every party. */
export interface LayoutTruth extends Omit<BolTruth, 'shipper' | 'consignee' | 'billTo'> {
  shipper: CountryParty;
  consignee: CountryParty;
  billTo: CountryParty | null;
}

/** How a country prints the line after the street (the order of postal code, city and state differs). */
type CityLine = (p: CountryParty) => Array<[string, 'City' | 'State' | 'Zip' | null]>;

interface Abroad { city: string; state: string; postcodes: string[]; streets: Array<(rng: Rng) => string> }

// Real cities with postal codes of their port or business districts; streets follow each country's order
// (number after the street name in NL, DE and BR).
const ABROAD: Record<Exclude<Country, 'US' | 'CA' | 'MX'>, Abroad[]> = {
  CN: [
    { city: 'SHANGHAI', state: '', postcodes: ['200120', '201206', '200135'], streets: [(r) => `NO. ${r.int(10, 2999)} ZHANGYANG ROAD`, (r) => `ROOM ${r.int(101, 2808)}, NO. ${r.int(8, 888)} CENTURY AVENUE`] },
    { city: 'SHENZHEN', state: '', postcodes: ['518000', '518067'], streets: [(r) => `NO. ${r.int(1, 999)} SHEKOU INDUSTRIAL ROAD`, (r) => `BLOCK ${r.letters(1)}, ${r.int(1, 99)} NANHAI AVENUE`] },
    { city: 'NINGBO', state: '', postcodes: ['315000', '315800'], streets: [(r) => `NO. ${r.int(1, 999)} MINGZHOU ROAD`] },
    { city: 'QINGDAO', state: '', postcodes: ['266000', '266555'], streets: [(r) => `NO. ${r.int(1, 600)} HONG KONG MIDDLE ROAD`] },
  ],
  SG: [{ city: 'SINGAPORE', state: '', postcodes: ['018956', '119963', '609434', '628128'], streets: [(r) => `${r.int(1, 80)} PIONEER ROAD #${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 60)).padStart(2, '0')}`, (r) => `${r.int(1, 40)} TUAS AVENUE ${r.int(1, 20)}`] }],
  NL: [
    { city: 'ROTTERDAM', state: '', postcodes: ['3011 AA', '3089 JN', '3198 LK'], streets: [(r) => `WILHELMINAKADE ${r.int(1, 999)}`, (r) => `EEMHAVENWEG ${r.int(1, 120)}`] },
    { city: 'AMSTERDAM', state: '', postcodes: ['1043 BW', '1101 CM'], streets: [(r) => `HAARLEMMERWEG ${r.int(1, 700)}`] },
  ],
  BR: [
    { city: 'SANTOS', state: 'SP', postcodes: ['11010-000', '11013-151'], streets: [(r) => `RUA XV DE NOVEMBRO, ${r.int(1, 999)}`, (r) => `AV. CONSELHEIRO NEBIAS, ${r.int(1, 999)}`] },
    { city: 'SAO PAULO', state: 'SP', postcodes: ['01310-100', '04547-130'], streets: [(r) => `AV. PAULISTA, ${r.int(100, 2500)}`] },
  ],
  DE: [
    { city: 'HAMBURG', state: '', postcodes: ['20457', '21129'], streets: [(r) => `AM SANDTORKAI ${r.int(1, 80)}`, (r) => `WALTERSHOFER DAMM ${r.int(1, 200)}`] },
    { city: 'BREMEN', state: '', postcodes: ['28217', '28197'], streets: [(r) => `UBERSEETOR ${r.int(1, 40)}`] },
  ],
  FR: [
    { city: 'LE HAVRE', state: '', postcodes: ['76600', '76620'], streets: [(r) => `${r.int(1, 120)} RUE DE LA REPUBLIQUE`, (r) => `${r.int(1, 80)} QUAI DE SAONE`] },
    { city: 'LYON', state: '', postcodes: ['69007', '69003'], streets: [(r) => `${r.int(1, 200)} AVENUE JEAN JAURES`] },
  ],
  GB: [
    { city: 'FELIXSTOWE', state: '', postcodes: ['IP11 3SY', 'IP11 4TG'], streets: [(r) => `UNIT ${r.int(1, 40)} DOCK ROAD`] },
    { city: 'MANCHESTER', state: '', postcodes: ['M17 1AE', 'M1 2WD'], streets: [(r) => `${r.int(1, 300)} TRAFFORD PARK ROAD`] },
  ],
};

/** The country's name as forms print it on the address's last line. */
export const COUNTRY_NAMES: Record<Country, string[]> = {
  US: ['USA', 'U.S.A.', 'UNITED STATES'], CA: ['CANADA'], MX: ['MEXICO', 'MÉXICO'], CN: ['CHINA', 'P.R. CHINA', "PEOPLE'S REPUBLIC OF CHINA"],
  SG: ['SINGAPORE'], NL: ['NETHERLANDS', 'THE NETHERLANDS'], BR: ['BRAZIL', 'BRASIL'], DE: ['GERMANY', 'DEUTSCHLAND'], FR: ['FRANCE'],
  GB: ['UNITED KINGDOM', 'UK'],
};

const FOREIGN_NAMES: Record<Exclude<Country, 'US' | 'CA' | 'MX'>, string[][]> = {
  CN: [['SHANGHAI', 'NINGBO', 'ZHEJIANG', 'JIANGSU', 'HUAXIN', 'EVERBRIGHT'], ['TEXTILE CO., LTD', 'IMPORT & EXPORT CO., LTD', 'INDUSTRIAL CO., LTD', 'ELECTRONICS CO LTD']],
  SG: [['PACIFIC', 'STRAITS', 'MERLION', 'TEMASEK'], ['PTE LTD', 'TRADING PTE LTD', 'LOGISTICS PTE. LTD.']],
  NL: [['HOLLAND', 'MAAS', 'DELTA', 'VAN DER BERG'], ['B.V.', 'TRADING B.V.', 'FOODS BV']],
  BR: [['PAULISTA', 'SANTISTA', 'ATLANTICO', 'CAFE DO VALE'], ['LTDA', 'COMERCIO LTDA', 'EXPORTADORA S.A.']],
  DE: [['HANSEATIC', 'NORDSEE', 'RHEIN', 'ELBE'], ['GMBH', 'MASCHINENBAU GMBH', 'HANDELS AG']],
  FR: [['NORMANDIE', 'ATLANTIQUE', 'RHONE', 'SEINE'], ['SAS', 'SARL', 'INDUSTRIES SA']],
  GB: [['ALBION', 'THAMES', 'PENNINE', 'MERSEY'], ['LTD', 'LIMITED', 'PLC']],
};

/** A party in `country`; North-American ones come from the existing place tables. */
export function randomParty(rng: Rng, country: Country): CountryParty {
  if (country === 'US' || country === 'CA' || country === 'MX') {
    const place = randomPlace(rng, country);
    return { name: company(rng, place), address: randomStreet(rng, place), city: place.city, state: place.state, zip: place.zip, country };
  }
  const a = rng.pick(ABROAD[country]);
  const [first, second] = FOREIGN_NAMES[country];
  return { name: `${rng.pick(first!)} ${rng.pick(second!)}`, address: rng.pick(a.streets)(rng), city: a.city, state: a.state, zip: rng.pick(a.postcodes), country };
}

/** The pieces of the line after the street, in the country's order, each with the part of the party it shows. */
export const cityLine: CityLine = (p) => {
  switch (p.country) {
    case 'NL': case 'DE': case 'FR': return [[p.zip, 'Zip'], [p.city, 'City']];
    case 'BR': return [[p.zip, 'Zip'], [p.city, 'City'], ['-', null], [p.state, 'State']];
    case 'CN': case 'SG': case 'GB': return [[p.city, 'City'], [p.zip, 'Zip']];
    case 'MX': return [['C.P.', null], [p.zip, 'Zip'], [p.city, 'City'], [p.state, 'State']];
    default: return [[p.city, 'City'], [p.state, 'State'], [p.zip, 'Zip']];
  }
};

const MONTHS_EN = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const MONTHS_LONG = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
};
const MES = ['ENE', 'FEB', 'MAR', 'ABR', 'MAY', 'JUN', 'JUL', 'AGO', 'SEP', 'OCT', 'NOV', 'DIC'];

/** Date forms: month-first ones for US forms, day-first ones elsewhere; every one keeps a year a reader can recover. */
export type DateOrder = 'us' | 'dayfirst';

/** Prints an ISO date in the `form`-th way a form of `order` and `lang` does ("30. SEP. 2022", "30-Sep-22", ISO...). */
export function printDate(iso: string, lang: Lang, order: DateOrder, form: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const p2 = (n: number): string => String(n).padStart(2, '0');
  const yy = String(y).slice(2);
  const mon = MONTHS_EN[m - 1]!;
  const shared = [iso, `${d}-${mon.charAt(0)}${mon.slice(1).toLowerCase()}-${yy}`, `${p2(d)}. ${mon}. ${y}`, `${p2(d)} ${mon} ${y}`, `${p2(d)}-${lang === 'es' ? MES[m - 1] : mon}-${y}`];
  const own = order === 'us'
    ? [`${p2(m)}/${p2(d)}/${y}`, `${m}/${d}/${yy}`, `${MONTHS_LONG.en[m - 1]} ${d}, ${y}`, `${mon.charAt(0)}${mon.slice(1).toLowerCase()} ${d}, ${y}`, `${p2(m)}-${p2(d)}-${y}`]
    : lang === 'es'
      ? [`${p2(d)}/${p2(m)}/${y}`, `${d} de ${MONTHS_LONG.es[m - 1]} de ${y}`, `${p2(d)}.${p2(m)}.${y}`]
      : lang === 'fr'
        ? [`${p2(d)}/${p2(m)}/${y}`, `${d} ${MONTHS_LONG.fr[m - 1]} ${y}`, `${p2(d)}.${p2(m)}.${y}`]
        : [`${p2(d)}/${p2(m)}/${y}`, `${p2(d)}.${p2(m)}.${y}`, `${d} ${MONTHS_LONG.en[m - 1]} ${y}`];
  const all = [...own, ...own, ...shared];
  return all[form % all.length]!;
}

/** A page's data: the truth plus what is printed but never scored. */
export interface LayoutDoc {
  truth: LayoutTruth;
  base: BolDoc;
  /** Parties that look like a shipper or consignee but are neither (notify, agent, remit-to, broker). */
  distractors: Array<{ concept: 'notify' | 'agent' | 'remit' | 'broker'; party: CountryParty | null }>;
}

/** Where the parties of a family come from. */
export const TRADES = ['domestic-us', 'north-america', 'mexico', 'canada', 'ocean', 'europe'] as const;
export type Trade = (typeof TRADES)[number];

function countries(rng: Rng, trade: Trade): [Country, Country] {
  const na: Country[] = ['US', 'US', 'CA', 'MX'];
  const abroad: Country[] = ['CN', 'SG', 'NL', 'BR', 'DE', 'FR', 'GB'];
  switch (trade) {
    case 'domestic-us': return ['US', rng.chance(0.9) ? 'US' : 'CA'];
    case 'north-america': return [rng.pick(na), rng.pick(na)];
    case 'mexico': return [rng.chance(0.8) ? 'MX' : 'US', rng.chance(0.6) ? 'MX' : 'US'];
    case 'canada': return ['CA', rng.chance(0.7) ? 'CA' : 'US'];
    case 'europe': return [rng.pick(['FR', 'FR', 'DE', 'NL', 'GB'] as Country[]), rng.pick(['FR', 'DE', 'NL', 'GB', 'FR'] as Country[])];
    default: return rng.chance(0.6) ? [rng.pick(abroad), rng.pick(na)] : [rng.pick(na), rng.pick(abroad)];
  }
}

/** Random data for one page of a family trading as `trade`, in `lang`; pickup years spread over 2019–2027. */
export function randomLayoutDoc(rng: Rng, lang: Lang, trade: Trade): LayoutDoc {
  const base = randomBol(rng.fork('base'), lang);
  const [from, to] = countries(rng.fork('countries'), trade);
  const shipper = randomParty(rng.fork('shipper'), from);
  const consignee = randomParty(rng.fork('consignee'), to);
  const billTo = base.truth.billTo ? randomParty(rng.fork('billto'), rng.chance(0.8) ? (from === 'US' || from === 'CA' || from === 'MX' ? from : 'US') : to) : null;
  const pickup = new Date(Date.UTC(rng.int(2019, 2027), rng.int(0, 11), rng.int(1, 28)));
  const iso = (d: Date): string => d.toISOString().slice(0, 10);
  const delivery = base.truth.dates.delivery ? new Date(pickup.getTime() + rng.int(1, 30) * 86_400_000) : null;
  // An NMFC description may end in "NOI" (not otherwise indexed), which is part of the description (drawn from a fork,
  // so the other draws stay as they were).
  const goods = base.truth.shipmentDetails;
  const noi = lang === 'en' && !/\bNOI$/.test(goods.commodity) && rng.fork('noi').chance(0.15);
  const shipmentDetails = noi ? { ...goods, commodity: `${goods.commodity}, NOI` } : goods;
  const truth: LayoutTruth = { ...base.truth, shipmentDetails, shipper, consignee, billTo, dates: { pickup: iso(pickup), delivery: delivery ? iso(delivery) : null } };
  const distractors: LayoutDoc['distractors'] = [];
  const kinds = ['notify', 'agent', 'remit', 'broker'] as const;
  for (const concept of kinds) {
    const p = trade === 'ocean' ? (concept === 'notify' ? 0.85 : 0.35) : concept === 'remit' ? 0.2 : 0.12;
    if (!rng.chance(p)) continue;
    // "Same as consignee" instead of a block is common on notify lines.
    const same = concept === 'notify' && rng.chance(0.3);
    distractors.push({ concept, party: same ? null : randomParty(rng.fork(concept), rng.chance(0.5) ? to : from) });
  }
  return { truth, base, distractors };
}
