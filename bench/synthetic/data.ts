import { randomPlace, randomStreet, type Place } from './places.ts';
import type { Rng } from './random.ts';

/** A party as the truth file stores it. */
export interface PartyTruth { name: string; address: string; city: string; state: string; zip: string }

/** The truth of one document, in the shape of /work/shared/bol-dev/truth.json. */
export interface BolTruth {
  shipper: PartyTruth;
  consignee: PartyTruth;
  billTo: PartyTruth | null;
  carrier: { name: string; scac: string };
  references: { bolNumber: string; poNumber: string | null; orderNumber: string | null; proNumber: string | null };
  dates: { pickup: string; delivery: string | null };
  shipmentDetails: { weight: number; weightUnit: 'L' | 'K'; pieces: number; handlingUnits: number; commodity: string; freightClass: string };
  freightTerms: 'prepaid' | 'collect' | 'third_party';
}

/** Everything a template may print: the truth plus details that are not scored. */
export interface BolDoc {
  truth: BolTruth;
  lang: 'en' | 'fr' | 'es';
  shipperCountry: Place['country'];
  consigneeCountry: Place['country'];
  packageType: string;
  handlingType: string;
  nmfc: string;
  trailer: string;
  seal: string;
  sid: string;
  cid: string;
  instructions: string;
  hazmat: boolean;
  declaredValue: number;
  contactName: string;
  phone: string;
}

const PREFIX = ['NORTHGATE', 'BLUE RIDGE', 'SILVERLINE', 'COPPERFIELD', 'RED OAK', 'TRILLIUM', 'GOLDEN VALLEY', 'STONEBRIDGE', 'CRESTVIEW',
  'PINNACLE', 'HERITAGE', 'SUMMIT RIDGE', 'WHITEWATER', 'BRIGHTON', 'ASHFORD', 'KESTREL', 'CORNERSTONE', 'MIDLAND', 'TIDEWATER', 'ALDER'];
const TRADE = ['MILLWORKS', 'POLYMERS', 'BEARINGS', 'CERAMICS', 'HARDWARE', 'GROCERS', 'CONTAINERS', 'FASTENERS', 'PAPER MILLS',
  'COATINGS', 'ELECTRIC', 'NUTRITION', 'CABINETRY', 'FOUNDRY', 'WIRE & CABLE', 'GLASSWORKS', 'TEXTILE MILLS', 'SUPPLY'];
const SUFFIX_US = ['INC', 'LLC', 'CO', 'CORP', 'COMPANY', 'LTD', 'HOLDINGS INC', 'GROUP LLC'];
const SUFFIX_CA = ['INC', 'LTD', 'LTEE', 'CORP', 'ULC'];
const MX_FIRST = ['INDUSTRIAS', 'MANUFACTURAS', 'COMERCIAL', 'DISTRIBUIDORA', 'GRUPO', 'PLASTICOS', 'EMPAQUES', 'ACEROS', 'LOGISTICA'];
const MX_SECOND = ['DEL NORTE', 'HUASTECA', 'DEL BAJIO', 'ANAHUAC', 'CUMBRES', 'OCCIDENTE', 'REGIOMONTANA', 'POTOSINA', 'TOLTECA', 'QUERETANA'];
const FR_FIRST = ['DISTRIBUTIONS', 'MEUBLES', 'EMBALLAGES', 'PRODUITS', 'ALIMENTS', 'ACIERS', 'PLASTIQUES', 'TRANSFORMATIONS'];
const FR_SECOND = ['BOREAL', 'LAURENTIDES', 'SAINT-LAURENT', 'MONTCALM', 'RIVE-SUD', 'BEAUCE', 'OUTAOUAIS', 'MAURICIE'];

// Fictional carriers with made-up SCACs (2–4 letters).
const CARRIERS: Array<[string, string]> = [
  ['BLUE HERON FREIGHT', 'BHFR'], ['TRIDENT LINEHAUL', 'TDLH'], ['PRAIRIE WIND CARRIERS', 'PWCR'], ['KEYSTONE EXPRESS LINES', 'KXLN'],
  ['COPPER STATE TRUCKING', 'CPST'], ['ALLEGHENY MOTOR LINES', 'AMLN'], ['GULF COAST CARTAGE', 'GCCT'], ['SILVER ARROW LTL', 'SVAL'],
  ['HIGH DESERT HAULING', 'HDHL'], ['NORTHERN LIGHTS TRANSPORT', 'NLTP'], ['TRANSPORTS BOREAL INC', 'TBRL'], ['AUTOTRANSPORTES DEL NORTE', 'ATDN'],
  ['FLETES Y CARGA POTOSINA', 'FCPO'], ['MIDWEST CONSOLIDATED FREIGHT', 'MWCF'], ['CASCADE PEAK LOGISTICS', 'CPKL'], ['R AND J CARTAGE', 'RJC'],
];

export const COMMODITIES_EN = ['PLASTIC RESIN PELLETS', 'STEEL FASTENERS', 'CERAMIC FLOOR TILE', 'HOUSEHOLD CLEANING SUPPLIES', 'BOTTLED WATER',
  'CORRUGATED BOXES, KD FLAT', 'ELECTRIC MOTORS', 'OFFICE CHAIRS, KD', 'GLASS BOTTLES, EMPTY', 'COPPER WIRE ON REELS',
  'FROZEN VEGETABLES', 'BICYCLE PARTS', 'PAINT, WATER BASED', 'VINYL FLOORING', 'SPORTING GOODS, NOI'];
export const COMMODITIES_FR = ['MEUBLES EN PIECES DETACHEES', 'PRODUITS D\'ENTRETIEN', 'CARTONS ONDULES', 'SIROP D\'ERABLE', 'PIECES DE QUINCAILLERIE',
  'BOIS D\'OEUVRE', 'EAU EMBOUTEILLEE'];
export const COMMODITIES_ES = ['RESINA PLASTICA', 'TORNILLERIA DE ACERO', 'LOSETA CERAMICA', 'ARTICULOS DE LIMPIEZA', 'CAJAS DE CARTON',
  'MOTORES ELECTRICOS', 'BOTELLAS DE VIDRIO', 'ALAMBRE DE COBRE', 'REFACCIONES INDUSTRIALES'];
export const CLASSES = ['50', '55', '60', '65', '70', '77.5', '85', '92.5', '100', '110', '125', '150', '175', '200', '250', '300'];
const INSTRUCTIONS_EN = ['Call 24 hrs before delivery', 'Liftgate required', 'Do not stack', 'Appointment required', 'Dock hours 7am-3pm', 'Keep dry', ''];
const INSTRUCTIONS_FR = ['Appeler avant la livraison', 'Hayon requis', 'Ne pas empiler', 'Rendez-vous obligatoire', ''];
const INSTRUCTIONS_ES = ['Llamar antes de entregar', 'No estibar', 'Requiere cita', 'Manejese con cuidado', ''];
export const FIRST_NAMES = ['Dana', 'Luis', 'Marie', 'Tom', 'Priya', 'Gabriel', 'Sofia', 'Ken', 'Amelie', 'Jorge', 'Rachel', 'Omar'];
export const LAST_NAMES = ['Kowalski', 'Tremblay', 'Hernandez', 'Nguyen', 'Okafor', 'Gagnon', 'Ramirez', 'Schultz', 'Patel', 'Brooks'];

/** A company name in the style of the place's country. */
export function company(rng: Rng, place: Place): string {
  if (place.country === 'MX') return `${rng.pick(MX_FIRST)} ${rng.pick(MX_SECOND)} SA DE CV`;
  if (place.country === 'CA' && place.state === 'QC' && rng.chance(0.7)) return `${rng.pick(FR_FIRST)} ${rng.pick(FR_SECOND)} ${rng.pick(['INC', 'LTEE'])}`;
  return `${rng.pick(PREFIX)} ${rng.pick(TRADE)} ${rng.pick(place.country === 'CA' ? SUFFIX_CA : SUFFIX_US)}`;
}

function party(rng: Rng, country: Place['country']): PartyTruth {
  const place = randomPlace(rng, country);
  return { name: company(rng, place), address: randomStreet(rng, place), city: place.city, state: place.state, zip: place.zip };
}

const isoDate = (d: Date): string => d.toISOString().slice(0, 10);

function bolNumber(rng: Rng): string {
  switch (rng.int(0, 4)) {
    case 0: return `0${rng.digits(16)}`; // VICS 17-digit number
    case 1: return `${rng.letters(3)}${rng.digits(6)}`;
    case 2: return `B${rng.digits(8)}`;
    case 3: return `${rng.digits(6)}-${rng.digits(2)}`;
    default: return `SH${rng.digits(7)}`;
  }
}

/** Random but realistic data for one bill of lading in the given language. */
export function randomBol(rng: Rng, lang: BolDoc['lang']): BolDoc {
  const countries: Array<Place['country']> = lang === 'es' ? ['MX', 'MX', 'US'] : lang === 'fr' ? ['CA', 'CA', 'US'] : ['US', 'US', 'US', 'CA', 'MX'];
  let shipperCountry = rng.pick(countries);
  if (lang === 'fr') shipperCountry = 'CA';
  const consigneeCountry = rng.pick(countries);
  const shipper = party(rng, shipperCountry);
  if (lang === 'fr' && rng.chance(0.7)) {
    // French forms come from Québec shippers.
    const qc = randomPlace(rng.fork('qc'), 'CA');
    if (qc.state === 'QC') Object.assign(shipper, { city: qc.city, state: qc.state, zip: qc.zip });
  }
  const consignee = party(rng, consigneeCountry);
  const terms = rng.pick(['prepaid', 'prepaid', 'collect', 'third_party'] as const);
  const billTo = terms === 'third_party' || rng.chance(0.2) ? party(rng, rng.pick(countries)) : null;
  const [carrierName, scac] = rng.pick(CARRIERS);
  const pickup = new Date(Date.UTC(2026, rng.int(0, 11), rng.int(1, 28)));
  const delivery = rng.chance(0.55) ? new Date(pickup.getTime() + rng.int(1, 6) * 86_400_000) : null;
  const metric = lang !== 'en' ? rng.chance(0.6) : rng.chance(0.1);
  const handlingUnits = rng.int(1, 14);
  const pieces = handlingUnits * rng.int(1, 12);
  const weight = rng.chance(0.7) ? rng.int(150, 9_500) : rng.int(9_500, 44_000);
  const commodity = rng.pick(lang === 'fr' ? COMMODITIES_FR : lang === 'es' ? COMMODITIES_ES : COMMODITIES_EN);
  const po = rng.int(0, 4);
  const poNumber = po === 0 ? null : po === 1 ? `45${rng.digits(8)}` : po === 2 ? `PO-${rng.digits(6)}` : po === 3 ? `${rng.letters(2)}${rng.digits(5)}` : `${rng.digits(7)}`;
  const orderNumber = rng.chance(0.5) ? (rng.chance(0.5) ? `SO${rng.digits(6)}` : `${rng.digits(5)}-${rng.int(1, 9)}`) : null;
  const proNumber = rng.chance(0.8) ? (rng.chance(0.5) ? rng.digits(10) : `${rng.digits(3)}${rng.digits(7)}`) : null;
  const truth: BolTruth = {
    shipper, consignee, billTo,
    carrier: { name: carrierName, scac },
    references: { bolNumber: bolNumber(rng), poNumber, orderNumber, proNumber },
    dates: { pickup: isoDate(pickup), delivery: delivery ? isoDate(delivery) : null },
    shipmentDetails: { weight, weightUnit: metric ? 'K' : 'L', pieces, handlingUnits, commodity, freightClass: rng.pick(CLASSES) },
    freightTerms: terms,
  };
  return {
    truth, lang, shipperCountry, consigneeCountry,
    packageType: rng.pick(lang === 'es' ? ['CAJAS', 'BULTOS', 'TAMBOS'] : lang === 'fr' ? ['CAISSES', 'COLIS', 'SACS'] : ['CTN', 'BOX', 'BAG', 'DRUM', 'PCS']),
    handlingType: rng.pick(lang === 'es' ? ['TARIMA', 'TARIMAS'] : lang === 'fr' ? ['PALETTE', 'PALETTES'] : ['PLT', 'SKID', 'CRATE']),
    nmfc: `${rng.int(10_000, 199_999)}${rng.chance(0.4) ? `-0${rng.int(1, 9)}` : ''}`,
    trailer: `${rng.letters(1)}${rng.digits(5)}`,
    seal: rng.digits(7),
    sid: rng.digits(6),
    cid: rng.digits(5),
    instructions: rng.pick(lang === 'es' ? INSTRUCTIONS_ES : lang === 'fr' ? INSTRUCTIONS_FR : INSTRUCTIONS_EN),
    hazmat: rng.chance(0.08),
    declaredValue: rng.int(5, 400) * 100,
    contactName: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
    phone: `(${rng.int(201, 989)}) ${rng.int(200, 999)}-${rng.digits(4)}`,
  };
}
