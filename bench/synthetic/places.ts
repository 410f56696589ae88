import type { Rng } from './random.ts';

/** A city with its state or province code and a postal code valid for it. */
export interface Place { country: 'US' | 'CA' | 'MX'; city: string; state: string; zip: string }

// Each ZIP is a real delivery ZIP of that city, so state/ZIP pairs are consistent.
const US: Array<[string, string, string[]]> = [
  ['ALLENTOWN', 'PA', ['18101', '18102', '18103']], ['HARRISBURG', 'PA', ['17101', '17104']], ['PITTSBURGH', 'PA', ['15201', '15222']],
  ['NEWARK', 'NJ', ['07102', '07105']], ['EDISON', 'NJ', ['08817', '08837']], ['BUFFALO', 'NY', ['14202', '14206']],
  ['ALBANY', 'NY', ['12205', '12207']], ['HARTFORD', 'CT', ['06103', '06106']], ['PROVIDENCE', 'RI', ['02903', '02907']],
  ['PORTLAND', 'ME', ['04101', '04103']], ['MANCHESTER', 'NH', ['03101', '03103']], ['BALTIMORE', 'MD', ['21201', '21224']],
  ['RICHMOND', 'VA', ['23219', '23224']], ['CHARLESTON', 'SC', ['29401', '29405']], ['GREENVILLE', 'SC', ['29601', '29607']],
  ['SAVANNAH', 'GA', ['31401', '31408']], ['JACKSONVILLE', 'FL', ['32202', '32254']], ['ORLANDO', 'FL', ['32801', '32824']],
  ['MIAMI', 'FL', ['33122', '33166']], ['MEMPHIS', 'TN', ['38103', '38118']], ['NASHVILLE', 'TN', ['37203', '37210']],
  ['KNOXVILLE', 'TN', ['37902', '37921']], ['LOUISVILLE', 'KY', ['40202', '40218']], ['BIRMINGHAM', 'AL', ['35203', '35211']],
  ['LITTLE ROCK', 'AR', ['72201', '72206']], ['SHREVEPORT', 'LA', ['71101', '71106']], ['SAN ANTONIO', 'TX', ['78204', '78219']],
  ['EL PASO', 'TX', ['79901', '79936']], ['LAREDO', 'TX', ['78040', '78045']], ['FORT WORTH', 'TX', ['76102', '76106']],
  ['AUSTIN', 'TX', ['78701', '78744']], ['WICHITA', 'KS', ['67202', '67213']], ['KANSAS CITY', 'MO', ['64105', '64120']],
  ['DES MOINES', 'IA', ['50309', '50313']], ['CEDAR RAPIDS', 'IA', ['52401', '52404']], ['MINNEAPOLIS', 'MN', ['55401', '55413']],
  ['SAINT PAUL', 'MN', ['55101', '55114']], ['FARGO', 'ND', ['58102', '58103']], ['SIOUX FALLS', 'SD', ['57104', '57107']],
  ['MADISON', 'WI', ['53703', '53718']], ['GREEN BAY', 'WI', ['54301', '54304']], ['CHICAGO', 'IL', ['60607', '60632']],
  ['ROCKFORD', 'IL', ['61101', '61109']], ['PEORIA', 'IL', ['61602', '61604']], ['SOUTH BEND', 'IN', ['46601', '46628']],
  ['DAYTON', 'OH', ['45402', '45414']], ['AKRON', 'OH', ['44308', '44312']], ['LANSING', 'MI', ['48906', '48911']],
  ['SALT LAKE CITY', 'UT', ['84101', '84104']], ['PHOENIX', 'AZ', ['85003', '85043']], ['ALBUQUERQUE', 'NM', ['87102', '87109']],
  ['BOISE', 'ID', ['83702', '83709']], ['SPOKANE', 'WA', ['99201', '99202']], ['SEATTLE', 'WA', ['98104', '98108']],
  ['SACRAMENTO', 'CA', ['95811', '95815']], ['FRESNO', 'CA', ['93721', '93725']], ['ONTARIO', 'CA', ['91761', '91764']],
  ['OAKLAND', 'CA', ['94607', '94621']], ['RENO', 'NV', ['89502', '89512']], ['BILLINGS', 'MT', ['59101', '59102']],
  ['CHEYENNE', 'WY', ['82001', '82007']], ['OMAHA', 'NE', ['68102', '68117']], ['TULSA', 'OK', ['74103', '74116']],
];

// Forward sortation areas (first three characters) really used in each city; the last three are random.
const CA: Array<[string, string, string[]]> = [
  ['TORONTO', 'ON', ['M5V', 'M9W', 'M1B']], ['MISSISSAUGA', 'ON', ['L5T', 'L4W', 'L5N']], ['HAMILTON', 'ON', ['L8N', 'L8E']],
  ['OTTAWA', 'ON', ['K1P', 'K2E']], ['LONDON', 'ON', ['N6A', 'N6E']], ['WINDSOR', 'ON', ['N8X', 'N9A']],
  ['MONTREAL', 'QC', ['H3B', 'H4T', 'H1P']], ['LAVAL', 'QC', ['H7L', 'H7S']], ['QUEBEC', 'QC', ['G1K', 'G2E']],
  ['SHERBROOKE', 'QC', ['J1H', 'J1L']], ['CALGARY', 'AB', ['T2P', 'T2C', 'T3J']], ['EDMONTON', 'AB', ['T5J', 'T6E']],
  ['VANCOUVER', 'BC', ['V6B', 'V5L']], ['SURREY', 'BC', ['V3S', 'V4N']], ['REGINA', 'SK', ['S4P', 'S4N']],
  ['SASKATOON', 'SK', ['S7K', 'S7N']], ['WINNIPEG', 'MB', ['R3C', 'R2J']], ['HALIFAX', 'NS', ['B3H', 'B3K']],
  ['MONCTON', 'NB', ['E1C', 'E1A']],
];

// Postal codes (códigos postales) of each city's centre or industrial zone; state codes as carriers print them.
const MX: Array<[string, string, string[]]> = [
  ['MONTERREY', 'NL', ['64000', '64460']], ['APODACA', 'NL', ['66600', '66626']], ['SAN NICOLAS DE LOS GARZA', 'NL', ['66450']],
  ['QUERETARO', 'QRO', ['76000', '76120']], ['LEON', 'GTO', ['37000', '37290']], ['CELAYA', 'GTO', ['38000']],
  ['SAN LUIS POTOSI', 'SLP', ['78000', '78395']], ['AGUASCALIENTES', 'AGS', ['20000', '20290']], ['PUEBLA', 'PUE', ['72000', '72320']],
  ['TOLUCA', 'MEX', ['50000', '50200']], ['HERMOSILLO', 'SON', ['83000', '83299']], ['MEXICALI', 'BC', ['21000', '21395']],
  ['REYNOSA', 'TAM', ['88500', '88780']], ['CHIHUAHUA', 'CHH', ['31000', '31136']], ['TORREON', 'COA', ['27000', '27019']],
  ['ZAPOPAN', 'JAL', ['45010', '45130']], ['VERACRUZ', 'VER', ['91700', '91808']], ['MERIDA', 'YUC', ['97000', '97288']],
];

/** A random city of the given country with a matching state and postal code. */
export function randomPlace(rng: Rng, country: Place['country']): Place {
  if (country === 'US') {
    const [city, state, zips] = rng.pick(US);
    return { country, city, state, zip: rng.pick(zips) };
  }
  if (country === 'CA') {
    const [city, state, fsas] = rng.pick(CA);
    const ldu = `${rng.int(0, 9)}${rng.letters(1)}${rng.int(0, 9)}`.replace(/[DFIOQU]/g, 'K');
    return { country, city, state, zip: `${rng.pick(fsas)} ${ldu}` };
  }
  const [city, state, cps] = rng.pick(MX);
  return { country, city, state, zip: rng.pick(cps) };
}

const US_STREETS = ['INDUSTRIAL', 'COMMERCE', 'ENTERPRISE', 'HARBOR', 'PROGRESS', 'RAILROAD', 'CANAL', 'MILL', 'QUARRY', 'FOUNDRY',
  'CHESTNUT', 'SYCAMORE', 'WALNUT', 'HICKORY', 'MAGNOLIA', 'JUNIPER', 'LINDEN', 'WILLOW', 'BRIDGE', 'PORTER', 'MADISON', 'MONROE',
  'JACKSON', 'GARFIELD', 'CENTRAL', 'UNION', 'DEPOT', 'TERMINAL', 'AIRWAY', 'TECHNOLOGY'];
const US_SUFFIX = ['ST', 'AVE', 'RD', 'BLVD', 'DR', 'PKWY', 'LN', 'CT', 'HWY', 'WAY', 'PL', 'CIR'];
const CA_STREETS = ['KING', 'QUEEN', 'DUNDAS', 'BRAMALEA', 'AIRPORT', 'STEELES', 'DIXIE', 'INDUSTRIAL', 'MACLEOD', 'PORTAGE'];
const QC_STREETS = ['RUE SAINT-PATRICK', 'BOUL. INDUSTRIEL', 'RUE NOTRE-DAME', 'BOUL. CREMAZIE', 'RUE DU PARC', 'CHEMIN DE LA COTE-DE-LIESSE', 'RUE PRINCIPALE'];
const MX_STREETS = ['AV. INDUSTRIAS', 'CALLE MORELOS', 'AV. REVOLUCION', 'BLVD. AEROPUERTO', 'CARRETERA FEDERAL 57 KM', 'AV. DE LOS INSURGENTES', 'CALLE ALLENDE', 'AV. JUAREZ', 'CIRCUITO EL MARQUES'];

/** A street address in the style of the place's country (uppercase, as the truth stores it). */
export function randomStreet(rng: Rng, place: Place): string {
  if (place.country === 'MX') return `${rng.pick(MX_STREETS)} ${rng.int(10, 4999)}`;
  if (place.country === 'CA' && place.state === 'QC') return `${rng.int(100, 9999)} ${rng.pick(QC_STREETS)}`;
  if (place.country === 'CA') return `${rng.int(10, 9999)} ${rng.pick(CA_STREETS)} ${rng.pick(['ST', 'RD', 'AVE', 'BLVD', 'DR'])}${rng.chance(0.2) ? ` ${rng.pick(['E', 'W', 'N', 'S'])}` : ''}`;
  const dir = rng.chance(0.25) ? `${rng.pick(['N', 'S', 'E', 'W'])} ` : '';
  const unit = rng.chance(0.15) ? ` ${rng.pick(['STE', 'UNIT', 'BLDG', 'DOCK'])} ${rng.int(1, 40)}` : '';
  return `${rng.int(1, 29999)} ${dir}${rng.pick(US_STREETS)} ${rng.pick(US_SUFFIX)}${unit}`;
}
