import type { Rng } from '../synthetic/random.ts';

/** Languages a layout's labels are written in. */
export const LANGS = ['en', 'es', 'fr'] as const;
export type Lang = (typeof LANGS)[number];

/** What a label introduces. Concepts with a field tag their label words `label:<field>`; the others are plain labels. */
export type Concept =
  | 'shipper' | 'consignee' | 'billTo' | 'carrier' | 'scac' | 'bol' | 'po' | 'order' | 'pro' | 'pickup' | 'delivery'
  | 'weight' | 'pieces' | 'handlingUnits' | 'commodity' | 'class' | 'nmfc' | 'hm' | 'terms' | 'name' | 'address'
  | 'cityLine' | 'country' | 'notify' | 'agent' | 'remit' | 'broker' | 'instructions' | 'trailer' | 'seal' | 'marks'
  | 'packageType' | 'shipperSig' | 'carrierSig' | 'shipperRef' | 'loadNo' | 'customerRefs' | 'vessel' | 'portLoading'
  | 'portDischarge' | 'container' | 'declaredValue' | 'page' | 'partyId' | 'fob';

/**
 * One label lexicon for every family: the ways forms word each concept in English, Spanish and French, with the
 * abbreviations printers use. A layout picks one wording per concept per page, so no wording is tied to a layout.
 */
const LEXICON: Record<Concept, Record<Lang, string[]>> = {
  shipper: { en: ['Shipper', 'Ship From', 'Consignor', 'From', 'Shipper Name & Address', 'Origin'], es: ['Remitente', 'Embarcador', 'Origen', 'Expedidor'], fr: ['Expéditeur', 'Expediteur', 'Chargeur', 'Provenance'] },
  consignee: { en: ['Consignee', 'Ship To', 'To', 'Consigned To', 'Deliver To', 'Destination'], es: ['Destinatario', 'Consignatario', 'Destino', 'Entregar a'], fr: ['Destinataire', 'Livrer à', 'Destination', 'Consignataire'] },
  billTo: { en: ['Bill To', 'Third Party Freight Charges Bill To', 'Bill Freight Charges To', 'Third Party', 'Bill-To Party'], es: ['Facturar a', 'Cobrar a', 'Tercero'], fr: ['Facturer à', 'Tiers payeur', 'Frais facturés à'] },
  carrier: { en: ['Carrier', 'Carrier Name', 'Transportation Company', 'Motor Carrier'], es: ['Transportista', 'Empresa Transportista', 'Línea'], fr: ['Transporteur', 'Nom du transporteur', 'Voiturier'] },
  scac: { en: ['SCAC', 'SCAC Code', 'Carrier SCAC'], es: ['SCAC', 'Código SCAC'], fr: ['SCAC', 'Code SCAC'] },
  bol: { en: ['Bill of Lading No.', 'BOL #', 'B/L No.', 'BOL Number', 'Shipment No.', 'B/L Number'], es: ['No. de Carta Porte', 'Folio', 'Talón No.', 'Guía No.'], fr: ['No de connaissement', 'Lettre de voiture No', 'N° de LV', 'No d\'expédition'] },
  po: { en: ['PO Number', 'P.O. #', 'Customer PO', 'Purchase Order', 'P/O'], es: ['Orden de Compra', 'O.C.', 'No. de Pedido'], fr: ['Bon de commande', 'No BC', 'N° commande achat'] },
  order: { en: ['Order No.', 'Sales Order', 'Customer Order #', 'S/O'], es: ['Orden de Venta', 'Pedido', 'No. de Orden'], fr: ['Commande client', 'No de commande', 'N° commande'] },
  pro: { en: ['PRO No.', 'PRO #', 'Pro Number', 'Freight Bill No.'], es: ['No. PRO', 'Guía del transportista'], fr: ['No PRO', 'N° de facture transport'] },
  pickup: { en: ['Date', 'Ship Date', 'Pickup Date', 'Date Shipped', 'Shipped On'], es: ['Fecha', 'Fecha de embarque', 'Fecha de recolección'], fr: ['Date', "Date d'expédition", 'Date de ramassage', 'Date de prise en charge'] },
  delivery: { en: ['Delivery Date', 'Requested Delivery', 'Due Date', 'Deliver By'], es: ['Fecha de entrega', 'Entregar el'], fr: ['Date de livraison', 'Livrer le'] },
  weight: { en: ['Weight', 'Gross Weight', 'Wt.', 'Total Weight', 'Weight (lbs)'], es: ['Peso', 'Peso Bruto', 'Peso Total'], fr: ['Poids', 'Poids brut', 'Poids total'] },
  pieces: { en: ['Pieces', 'Pcs', 'Pkg Qty', 'No. of Packages', 'Qty'], es: ['Bultos', 'Cantidad', 'Piezas'], fr: ['Colis', 'Nombre de colis', 'Qté', 'Pièces'] },
  handlingUnits: { en: ['H.U. Qty', 'Handling Units', 'Skids', 'Pallets'], es: ['Tarimas', 'Unidades'], fr: ['Palettes', 'Unités de manutention'] },
  commodity: { en: ['Description of Articles', 'Commodity Description', 'Description', 'Kind of Packages, Description'], es: ['Descripción', 'Descripción de la mercancía', 'Contenido'], fr: ['Description', 'Nature de la marchandise', 'Désignation'] },
  class: { en: ['Class', 'NMFC Class', 'Frt Class', 'CL'], es: ['Clase', 'Clase NMFC'], fr: ['Classe', 'Classe NMFC'] },
  nmfc: { en: ['NMFC #', 'NMFC Item', 'Item No.'], es: ['NMFC'], fr: ['NMFC', 'Article NMFC'] },
  hm: { en: ['HM', 'Haz Mat', 'HM (X)'], es: ['MP', 'Mat. Peligroso'], fr: ['MD', 'Mat. dang.'] },
  terms: { en: ['Freight Charges', 'Freight Terms', 'Terms', 'Payment'], es: ['Flete', 'Condiciones de pago', 'Pago del flete'], fr: ['Port', 'Conditions de paiement', 'Frais de transport'] },
  name: { en: ['Name', 'Company'], es: ['Nombre', 'Razón Social'], fr: ['Nom', 'Raison sociale'] },
  address: { en: ['Address', 'Street', 'Addr'], es: ['Domicilio', 'Dirección', 'Calle'], fr: ['Adresse', 'Rue'] },
  cityLine: { en: ['City/State/Zip', 'City, State, Zip', 'City / Prov / Postal'], es: ['Ciudad / Estado / C.P.', 'Ciudad', 'Población'], fr: ['Ville / Province / Code postal', 'Ville', 'Localité'] },
  country: { en: ['Country'], es: ['País'], fr: ['Pays'] },
  notify: { en: ['Notify Party', 'Also Notify', 'Notify'], es: ['Notificar a', 'Avisar a'], fr: ['Partie à notifier', 'Aviser'] },
  agent: { en: ['For Delivery Apply To', 'Delivery Agent', 'Forwarding Agent'], es: ['Agente de entrega', 'Agente aduanal destino'], fr: ['Pour livraison s\'adresser à', 'Agent de livraison'] },
  remit: { en: ['Remit To', 'Remit Payment To', 'Mail Invoices To'], es: ['Enviar pago a', 'Remitir pago a'], fr: ['Paiement à', 'Remettre à'] },
  broker: { en: ['Customs Broker', 'Broker', 'Import Broker'], es: ['Agente Aduanal', 'Agencia Aduanal'], fr: ['Courtier en douane', 'Courtier'] },
  instructions: { en: ['Special Instructions', 'Instructions', 'Remarks', 'Notes'], es: ['Instrucciones especiales', 'Observaciones'], fr: ['Instructions spéciales', 'Remarques', 'Observations'] },
  trailer: { en: ['Trailer No.', 'Trailer #', 'Equipment'], es: ['Remolque', 'No. de Caja', 'Placas'], fr: ['Remorque', 'No de remorque'] },
  seal: { en: ['Seal #', 'Seal No.', 'Seals'], es: ['Sello', 'No. de Sello'], fr: ['Scellé', 'No de scellé'] },
  marks: { en: ['Marks', 'Marks & Numbers', 'Shipper Ref / Marks'], es: ['Marcas', 'Marcas y números'], fr: ['Marques', 'Marques et numéros'] },
  packageType: { en: ['Type', 'Pkg Type', 'Kind'], es: ['Tipo', 'Embalaje'], fr: ['Type', 'Emballage'] },
  shipperSig: { en: ['Shipper Signature', 'Shipper', 'Per'], es: ['Firma del remitente', 'Remitente'], fr: ["Signature de l'expéditeur", 'Expéditeur'] },
  carrierSig: { en: ['Carrier Signature', 'Driver Signature', 'Received By'], es: ['Firma del operador', 'Recibió'], fr: ['Signature du transporteur', 'Reçu par'] },
  shipperRef: { en: ['Shipper Ref', 'Shipper Reference', 'Ref #'], es: ['Referencia', 'Ref. Cliente'], fr: ['Référence', 'Réf. expéditeur'] },
  loadNo: { en: ['Load #', 'Load No.', 'Trip #'], es: ['Viaje', 'No. de Viaje'], fr: ['Voyage', 'No de chargement'] },
  customerRefs: { en: ['Customer References', 'Customer Order Information', 'References'], es: ['Referencias del cliente', 'Referencias'], fr: ['Références client', 'Références'] },
  vessel: { en: ['Vessel / Voyage', 'Ocean Vessel', 'Pre-carriage by'], es: ['Buque / Viaje'], fr: ['Navire / Voyage'] },
  portLoading: { en: ['Port of Loading', 'Place of Receipt'], es: ['Puerto de carga'], fr: ['Port de chargement', 'Lieu de prise en charge'] },
  portDischarge: { en: ['Port of Discharge', 'Place of Delivery'], es: ['Puerto de descarga'], fr: ['Port de déchargement', 'Lieu de livraison'] },
  container: { en: ['Container No.', 'Container / Seal'], es: ['Contenedor'], fr: ['Conteneur'] },
  declaredValue: { en: ['Declared Value', 'COD Amount'], es: ['Valor declarado'], fr: ['Valeur déclarée'] },
  page: { en: ['Page'], es: ['Página'], fr: ['Page'] },
  partyId: { en: ['SID#', 'CID#', 'Location #', 'Account No.', 'Customer #', 'Vendor ID', 'Dock'], es: ['No. de Cliente', 'Cuenta', 'RFC', 'Sucursal'], fr: ['N° client', 'Compte', 'No de quai', 'Code'] },
  fob: { en: ['FOB', 'F.O.B.'], es: ['LAB', 'FOB'], fr: ['FOB', 'Franco'] },
};

/**
 * Wordings of international forms (ocean and air waybills, road consignment notes, export papers) that North American
 * bills rarely print: drawn, beside the lexicon's, on a share of trained pages (`LabelStyle.international`).
 */
const INTERNATIONAL: Partial<Record<Concept, Record<Lang, string[]>>> = {
  shipper: { en: ['Sender', 'Shipper / Exporter', 'Exporter', 'Consignor / Sender'], es: ['Exportador', 'Expedidor / Exportador', 'Cargador'], fr: ['Envoyeur', 'Exportateur', 'Expéditeur / Exportateur'] },
  consignee: { en: ['Receiver', 'Recipient', 'Consigned to Order of', 'Delivery Address'], es: ['Receptor', 'Consignado a', 'Destinatario final'], fr: ['Réceptionnaire', 'Destinataire réel', 'Adresse de livraison'] },
  carrier: { en: ['Haulier', 'Road Carrier', 'Trucking Company', 'Transport Operator'], es: ['Porteador', 'Autotransportista', 'Fletera'], fr: ['Transporteur routier', 'Entreprise de transport', 'Voiturier routier'] },
  pickup: { en: ['Dispatch Date', 'Collection Date', 'Date of Receipt', 'Shipped on Board'], es: ['Fecha de despacho', 'Fecha de carga'], fr: ['Date de chargement', "Date d'enlèvement"] },
  delivery: { en: ['ETA', 'Expected Delivery', 'Arrival Date'], es: ['Fecha estimada de llegada', 'Llegada'], fr: ["Date d'arrivée prévue", 'Arrivée'] },
  weight: { en: ['Gross Wt.', 'Gross Weight (kg)', 'G.W.'], es: ['Peso bruto (kg)', 'P. Bruto'], fr: ['Poids brut (kg)', 'P. brut'] },
  pieces: { en: ['No. of Pkgs', 'Number of Packages', 'Packages'], es: ['Número de bultos', 'No. de bultos'], fr: ['Nombre de colis', 'Nb colis'] },
  commodity: { en: ['Description of Goods', 'Nature of Goods', 'Goods Description'], es: ['Descripción de las mercancías', 'Mercancía'], fr: ['Nature des marchandises', 'Marchandises'] },
  bol: { en: ['Waybill No.', 'Consignment Note No.', 'Document No.'], es: ['No. de documento', 'Guía de embarque No.'], fr: ['N° de document', 'N° de récépissé'] },
};

/** The field a concept's label introduces, or null for concepts the extractor does not return. */
export const CONCEPT_FIELD: Partial<Record<Concept, string>> = {
  shipper: 'Shipper.Name', consignee: 'Consignee.Name', billTo: 'BillTo.Name', carrier: 'Carrier.Name', scac: 'Carrier.Scac',
  bol: 'References.BolNumber', po: 'References.PoNumber', order: 'References.OrderNumber', pro: 'References.ProNumber',
  pickup: 'Dates.Pickup', delivery: 'Dates.Delivery', weight: 'ShipmentDetails.Weight', pieces: 'ShipmentDetails.Pieces',
  handlingUnits: 'ShipmentDetails.HandlingUnits', commodity: 'ShipmentDetails.Commodity', class: 'ShipmentDetails.FreightClass',
  terms: 'FreightTerms',
};

/** How a page writes its labels: case, closing punctuation, and whether a second language follows. */
export interface LabelStyle {
  lang: Lang; second: Lang | null; upper: number; colon: number;
  /** Party labels followed by what the box asks for, as international and ocean forms print them. */
  described?: boolean;
  /** Labels worded as international forms word them ("Sender", "Gross Wt."), half the time where such a wording exists. */
  international?: boolean;
}

/** What a party box asks for, printed after its label: "Shipper (name and full address)". */
const DESCRIPTIONS: Record<Lang, string[]> = {
  en: ['(name and address)', '(complete name and address)', '(name, address, country)', '(Name and full address)', '(full style and address)'],
  es: ['(nombre y domicilio)', '(nombre, dirección, país)', '(nombre y dirección completa)'],
  fr: ['(nom, adresse, pays)', '(nom et adresse complète)', '(nom et adresse)'],
};
const DESCRIBED: ReadonlySet<Concept> = new Set<Concept>(['shipper', 'consignee', 'billTo', 'notify', 'agent', 'remit', 'broker', 'carrier']);

/**
 * A random label style for a page in `lang`; `bilingual` forces a second language ("Shipper / Expéditeur"), `second`
 * when the genre has one (French on Canadian forms), else one at random.
 */
export function labelStyle(rng: Rng, lang: Lang, bilingual: boolean, second?: Lang): LabelStyle {
  const other: Lang = second ?? (lang === 'en' ? rng.pick(['fr', 'es'] as const) : 'en');
  return { lang, second: bilingual || rng.chance(0.1) ? other : null, upper: rng.float(0, 1), colon: rng.float(0, 1) };
}

/** One wording of `concept` in the page's style: sometimes capitalised, sometimes closed by a colon, sometimes bilingual. */
export function labelText(concept: Concept, style: LabelStyle, rng: Rng): string {
  // An international wording is chosen by a fork, so the page draws as many numbers either way.
  const intl = style.international ? INTERNATIONAL[concept] : undefined;
  const one = (lang: Lang): string => rng.pick(intl && rng.fork(`international-${concept}-${lang}`).chance(0.5) ? intl[lang] : LEXICON[concept][lang]);
  let text = one(style.lang);
  // From a fork: a page with notes draws every other choice as it would without them (a probe's pair differs in this).
  if (style.described && DESCRIBED.has(concept)) text += ` ${rng.fork('described').pick(DESCRIPTIONS[style.lang])}`;
  if (style.second) text += rng.pick([' / ', ' - ', ' / ']) + one(style.second);
  if (rng.chance(style.upper)) text = text.toUpperCase();
  if (rng.chance(style.colon * 0.7) && !/[:#]$/.test(text)) text += ':';
  return text;
}

/** Every wording of a concept in every language (for tests and for tools that want the whole lexicon). */
export function wordings(concept: Concept): string[] {
  return [...Object.values(LEXICON[concept]), ...Object.values(INTERNATIONAL[concept] ?? {})].flat();
}
