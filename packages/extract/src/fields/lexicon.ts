import type { CORE_FIELDS } from '@ladingwise/shared';

/**
 * Field a label introduces. Party sub-labels (name, address...) and "stop" labels end a value without giving one;
 * "otherParty" heads the block of a party the bill names that is none of its own (notify party, delivery agent,
 * remit-to, customs broker, forwarder): what is under it is no shipper's, consignee's or bill-to's.
 */
export type LabelField =
  | 'shipper' | 'consignee' | 'billTo' | 'carrier' | 'scac'
  | 'bol' | 'pro' | 'po' | 'order'
  | 'pickupDate' | 'deliveryDate' | 'docDate'
  | 'weight' | 'pieces' | 'handlingUnits' | 'commodity' | 'freightClass' | 'nmfc' | 'freightTerms'
  | 'name' | 'address' | 'cityStateZip' | 'city' | 'state' | 'zip'
  | 'stop' | 'otherParty';

/** The fields read under a form's labels (dotted paths of ExtractedData): the core fields and the carrier's. */
export type LabelledField = (typeof CORE_FIELDS)[number] | 'Carrier.Name' | 'Carrier.Scac' | 'References.ProNumber';

/** The labels under which each field's value is printed; a party's parts stand under its heading. */
export const LABELS_OF_FIELD: Readonly<Record<LabelledField, readonly LabelField[]>> = {
  'Shipper.Name': ['shipper'], 'Shipper.Address': ['shipper'], 'Shipper.City': ['shipper'], 'Shipper.State': ['shipper'], 'Shipper.Zip': ['shipper'],
  'Consignee.Name': ['consignee'], 'Consignee.Address': ['consignee'], 'Consignee.City': ['consignee'], 'Consignee.State': ['consignee'], 'Consignee.Zip': ['consignee'],
  'ShipmentDetails.Weight': ['weight'], 'ShipmentDetails.Pieces': ['pieces', 'handlingUnits'], 'ShipmentDetails.Commodity': ['commodity'],
  'ShipmentDetails.FreightClass': ['freightClass', 'nmfc'], 'Dates.Pickup': ['pickupDate'], 'Dates.Delivery': ['deliveryDate'],
  'References.BolNumber': ['bol'], 'References.PoNumber': ['po'], 'References.OrderNumber': ['order'],
  'Carrier.Name': ['carrier'], 'Carrier.Scac': ['scac', 'carrier'], 'References.ProNumber': ['pro'],
};

export type Lang = 'en' | 'es' | 'fr';

/** One label spelling: normalised (upper case, no accents) as it is printed. */
export interface LabelDef { field: LabelField; text: string; lang: Lang; /** Only counts when it is the whole segment or ends with ':' (short, common words). */ strict?: boolean }

const L = (field: LabelField, lang: Lang, texts: string[], strict = false): LabelDef[] => texts.map((text) => ({ field, text, lang, strict }));

// Spellings as printed on US/Canadian VICS and short forms, Mexican "conocimiento de embarque" and
// French "lettre de voiture / connaissement" forms. Order does not matter: the longest match wins.
export const LABELS: LabelDef[] = [
  ...L('shipper', 'en', ['SHIPPER', 'SHIP FROM', 'SHIPPED FROM', 'CONSIGNOR', 'SHIPPER NAME', 'SHIPPER NAME AND ADDRESS', 'SHIPPER INFORMATION', 'PICKUP FROM', 'PICK UP FROM', 'ORIGIN']),
  ...L('shipper', 'en', ['FROM'], true),
  ...L('shipper', 'en', ['FROM SHIPPER', 'FROM ( SHIPPER )']),
  ...L('shipper', 'es', ['REMITENTE', 'EMBARCADOR', 'EXPEDIDOR', 'CARGADOR', 'ORIGEN', 'DATOS DEL REMITENTE']),
  ...L('shipper', 'fr', ['EXPEDITEUR', 'EXPEDIE PAR', 'CHARGEUR', 'ENVOYEUR', 'PROVENANCE']),
  // International forms' wordings (ocean and air waybills, road consignment notes, export papers).
  ...L('shipper', 'en', ['SENDER', 'EXPORTER', 'SHIPPER / EXPORTER', 'CONSIGNOR / SENDER']), ...L('shipper', 'es', ['EXPORTADOR']), ...L('shipper', 'fr', ['EXPORTATEUR']),
  ...L('consignee', 'en', ['CONSIGNEE', 'SHIP TO', 'DELIVER TO', 'RECEIVER', 'CONSIGNEE NAME', 'CONSIGNEE INFORMATION', 'DESTINATION', 'CONSIGNED TO']),
  ...L('consignee', 'en', ['TO'], true),
  ...L('consignee', 'es', ['DESTINATARIO', 'CONSIGNATARIO', 'ENTREGAR A', 'DESTINO', 'DATOS DEL DESTINATARIO']),
  ...L('consignee', 'fr', ['DESTINATAIRE', 'LIVRER A', 'RECEPTIONNAIRE', 'DESTINATION', 'CONSIGNATAIRE']),
  ...L('consignee', 'en', ['RECIPIENT', 'DELIVERY ADDRESS', 'CONSIGNED TO ORDER OF']), ...L('consignee', 'es', ['RECEPTOR', 'CONSIGNADO A', 'DESTINATARIO FINAL']), ...L('consignee', 'fr', ['DESTINATAIRE REEL', 'ADRESSE DE LIVRAISON']),
  ...L('billTo', 'en', ['BILL TO', 'THIRD PARTY FREIGHT CHARGES BILL TO', 'FREIGHT CHARGES BILL TO', 'BILL FREIGHT TO', 'BILL FREIGHT CHARGES TO', 'BILL CHARGES TO', 'SEND FREIGHT BILL TO', 'THIRD PARTY BILL TO', 'BILL TO PARTY']),
  // "Third party" is also a freight-terms choice printed beside PREPAID and COLLECT: a heading only standing alone or
  // closed by a colon.
  ...L('billTo', 'en', ['THIRD PARTY'], true),
  ...L('billTo', 'es', ['TERCERO'], true),
  ...L('billTo', 'es', ['FACTURAR A', 'FACTURAR FLETE A', 'COBRAR A']),
  ...L('billTo', 'fr', ['FACTURER A', 'FACTURATION', 'PAYEUR', 'ADRESSE DE FACTURATION', 'TIERS PAYEUR', 'FRAIS FACTURES A']),
  ...L('carrier', 'en', ['CARRIER', 'CARRIER NAME', 'TRUCKING COMPANY', 'CARRIER NAME AND ADDRESS', 'MOTOR CARRIER', 'TRANSPORTATION COMPANY']),
  ...L('carrier', 'es', ['TRANSPORTISTA', 'LINEA TRANSPORTISTA', 'EMPRESA TRANSPORTISTA', 'TRANSPORTADOR', 'NOMBRE DEL TRANSPORTISTA', 'FLETERA', 'LINEA']),
  ...L('carrier', 'fr', ['TRANSPORTEUR', 'NOM DU TRANSPORTEUR', 'VOITURIER']),
  ...L('carrier', 'en', ['HAULIER', 'ROAD CARRIER', 'TRANSPORT OPERATOR']), ...L('carrier', 'es', ['PORTEADOR', 'AUTOTRANSPORTISTA']), ...L('carrier', 'fr', ['TRANSPORTEUR ROUTIER', 'ENTREPRISE DE TRANSPORT', 'VOITURIER ROUTIER']),
  ...L('scac', 'en', ['SCAC', 'SCAC CODE', 'CARRIER SCAC']),
  ...L('scac', 'es', ['CODIGO SCAC']),
  ...L('scac', 'fr', ['CODE SCAC']),
  ...L('bol', 'en', ['BILL OF LADING NUMBER', 'BILL OF LADING NO', 'BILL OF LADING #', 'BOL', 'BOL NO', 'BOL NUMBER', 'BOL #', 'B / L', 'B / L NO', 'B / L NUMBER', 'B / L #', 'BL NO', 'BL #', 'BL NUMBER', 'BOL NBR', 'BIL NUMBER', 'BIL NO', 'BIL #', 'BAL NUMBER', 'BAL NO', 'BAL #', 'B L NUMBER', 'B L NO', 'SHIPPERS BOL NO', 'SHIPPERS BOL #', 'SHIPPERS BOL NUMBER', 'SHIPPER BOL NO', 'SHIPPER BOL #', 'SHIPPERS NO', 'SHIPPERS B / L NO', 'SHIPMENT NO', 'SHIPMENT NUMBER', 'SHIPMENT #']),
    ...L('bol', 'es', ['NO DE CONOCIMIENTO', 'NUMERO DE CONOCIMIENTO', 'CONOCIMIENTO NO', 'CONOCIMIENTO #', 'NUM CONOCIMIENTO', 'NO CONOCIMIENTO', 'FOLIO', 'CARTA PORTE', 'NO DE CARTA PORTE', 'TALON', 'TALON NO', 'NO DE TALON', 'GUIA', 'GUIA NO', 'NO DE GUIA']),
  ...L('bol', 'fr', ['NO CONNAISSEMENT', 'NUMERO DE CONNAISSEMENT', 'CONNAISSEMENT NO', 'NO DE CONNAISSEMENT', 'NO LETTRE DE VOITURE', 'NUMERO DE LETTRE DE VOITURE', 'LETTRE DE VOITURE NO', 'NO DE LA LETTRE DE VOITURE', 'NO DE LV', 'NO LV', "NO D'EXPEDITION", 'NO D EXPEDITION', 'NO DEXPEDITION']),
  ...L('bol', 'en', ['WAYBILL NO', 'WAYBILL NUMBER', 'CONSIGNMENT NOTE NO', 'DOCUMENT NO']), ...L('bol', 'es', ['NO DE DOCUMENTO', 'GUIA DE EMBARQUE NO']), ...L('bol', 'fr', ['NO DE DOCUMENT', 'NO DE RECEPISSE']),
  ...L('pro', 'en', ['PRO', 'PRO #', 'PRO NO', 'PRO NUMBER', 'CARRIER PRO', 'PRO NBR', 'CARRIER PRO NO', 'PRO / TRACKING', 'CARRIERS NO', 'CARRIERS NO PRO', 'CARRIERS PRO NO', 'CARRIERS PRO', 'FREIGHT BILL NO', 'FREIGHT BILL NUMBER', 'FREIGHT BILL #']),
  ...L('pro', 'es', ['NUMERO PRO', 'NO PRO', 'NUMERO DE PRO', 'PRO NUMERO', 'NUM PRO', 'GUIA DEL TRANSPORTISTA']),
  ...L('pro', 'fr', ['NO PRO', 'NUMERO PRO', 'NUMERO DE PRO', 'NO DE FACTURE TRANSPORT', 'FACTURE TRANSPORT']),
  ...L('po', 'en', ['PO', 'PO #', 'PO NO', 'PO NUMBER', 'PURCHASE ORDER', 'PURCHASE ORDER NO', 'PURCHASE ORDER NUMBER', 'PURCHASE ORDER #', 'CUSTOMER ORDER NUMBER', 'CUSTOMER ORDER NO', 'CUSTOMER PO', 'CUST PO', 'CUSTOMER PO NUMBER', 'P / O', 'P / O #', 'P / O NO']),
  ...L('po', 'es', ['ORDEN DE COMPRA', 'NO ORDEN DE COMPRA', 'NO DE ORDEN DE COMPRA', 'NUMERO DE ORDEN DE COMPRA', 'OC']),
  // ORDEN DE COMPRA with its first words lost to the OCR: "compra:" alone still names the purchase order.
  ...L('po', 'es', ['COMPRA'], true),
  ...L('po', 'fr', ['BON DE COMMANDE', 'NO BON DE COMMANDE', 'NO DE BON DE COMMANDE', 'NUMERO DE BON DE COMMANDE', 'BC', 'NO BC', 'NO COMMANDE ACHAT', 'COMMANDE ACHAT']),
  ...L('order', 'en', ['ORDER', 'ORDER NO', 'ORDER #', 'ORDER NUMBER', 'SALES ORDER', 'SALES ORDER NO', 'SALES ORDER NUMBER', 'SO #', 'SO NO', 'SID', 'SID #', 'SHIPPER ORDER NO', 'CUSTOMER ORDER', "SHIPPER'S ORDER NO", 'ORDER REF', 'S / O', 'S / O #', 'CUSTOMER ORDER #']),
  ...L('order', 'es', ['PEDIDO', 'NO PEDIDO', 'NO DE PEDIDO', 'NUMERO DE PEDIDO', 'PEDIDO NO', 'ORDEN', 'ORDEN NO', 'NUMERO DE ORDEN', 'NO DE ORDEN', 'ORDEN DE VENTA']),
  ...L('order', 'fr', ['COMMANDE', 'NO COMMANDE', 'NO DE COMMANDE', 'NUMERO DE COMMANDE', 'COMMANDE NO', 'COMMANDE CLIENT', 'NO DE COMMANDE CLIENT', 'NUMERO DE COMMANDE CLIENT']),
  ...L('pickupDate', 'en', ['PICKUP DATE', 'PICK UP DATE', 'PICK - UP DATE', 'SHIP DATE', 'SHIPMENT DATE', 'DATE SHIPPED', 'SHIPPING DATE', 'CARRIER SIGNATURE / PICKUP DATE', 'PICKED UP', 'DATE OF SHIPMENT', 'LOAD DATE']),
  // Also how a sentence of the terms opens ("Shipped on the date above..."): a label only alone or with its colon.
  ...L('pickupDate', 'en', ['SHIPPED ON'], true),
  ...L('pickupDate', 'es', ['FECHA DE RECOLECCION', 'FECHA RECOLECCION', 'FECHA DE RECOGIDA', 'FECHA DE EMBARQUE', 'FECHA DE CARGA', 'FECHA DE ENVIO', 'FECHA DE SALIDA']),
  ...L('pickupDate', 'fr', ["DATE D'ENLEVEMENT", 'DATE D ENLEVEMENT', 'DATE DENLEVEMENT', 'DATE DE RAMASSAGE', "DATE D'EXPEDITION", 'DATE D EXPEDITION', 'DATE DEXPEDITION', 'DATE DE CHARGEMENT', 'DATE DE PRISE EN CHARGE', 'ENLEVEMENT LE']),
  ...L('pickupDate', 'en', ['DISPATCH DATE', 'COLLECTION DATE', 'DATE OF RECEIPT', 'SHIPPED ON BOARD', 'SHIPPED ON BOARD DATE']), ...L('pickupDate', 'es', ['FECHA DE DESPACHO']),
  ...L('deliveryDate', 'en', ['DELIVERY DATE', 'REQUESTED DELIVERY DATE', 'DELIVER ON', 'DELIVERY ON', 'DUE DATE', 'DELIVER BY', 'EXPECTED DELIVERY', 'EXPECTED DELIVERY DATE', 'DELIVERY DUE', 'SCHEDULED DELIVERY', 'ETA', 'REQ DELIVERY DATE', 'REQUESTED DELIVERY']),
  ...L('deliveryDate', 'es', ['FECHA DE ENTREGA', 'FECHA ENTREGA', 'FECHA DE LLEGADA', 'ENTREGA ESTIMADA', 'FECHA ESTIMADA DE ENTREGA', 'ENTREGAR EL']),
  ...L('deliveryDate', 'fr', ['DATE DE LIVRAISON', 'LIVRAISON PREVUE', 'DATE LIVRAISON', 'LIVRAISON LE', 'DATE DE LIVRAISON PREVUE', 'LIVRER LE']),
  ...L('deliveryDate', 'en', ['ARRIVAL DATE']), ...L('deliveryDate', 'es', ['FECHA ESTIMADA DE LLEGADA']), ...L('deliveryDate', 'es', ['LLEGADA'], true),
  ...L('deliveryDate', 'fr', ["DATE D'ARRIVEE PREVUE", 'DATE D ARRIVEE PREVUE', "DATE D'ARRIVEE"]), ...L('deliveryDate', 'fr', ['ARRIVEE'], true),
  ...L('docDate', 'en', ['DATE', 'BOL DATE', 'SHIPPER SIGNATURE / DATE']),
  ...L('docDate', 'es', ['FECHA', 'FECHA DE EMISION']),
  ...L('docDate', 'fr', ['DATE', "DATE D'EMISION", 'FAIT LE']),
  ...L('weight', 'en', ['WEIGHT', 'GROSS WEIGHT', 'TOTAL WEIGHT', 'WEIGHT (SUBJECT TO CORRECTION)', 'WEIGHT SUBJECT TO CORRECTION', 'WT', 'GROSS WT', 'WEIGHT LBS', 'WEIGHT KG']),
  ...L('weight', 'es', ['PESO', 'PESO BRUTO', 'PESO TOTAL', 'PESO KG', 'PESO LBS']),
  ...L('weight', 'fr', ['POIDS', 'POIDS BRUT', 'POIDS TOTAL', 'POIDS KG']),
  ...L('weight', 'en', ['G W'], true), ...L('weight', 'es', ['P BRUTO'], true), ...L('weight', 'fr', ['P BRUT'], true),
  ...L('pieces', 'en', ['PIECES', 'PCS', '# PKGS', 'PKGS', 'NO OF PKGS', 'NO PACKAGES', 'NO PKGS', 'PACKAGES', 'NO OF PACKAGES', 'NUMBER OF PACKAGES', 'NO SHIPPING UNITS', 'SHIPPING UNITS', 'PACKAGE QTY', 'CARTONS', 'TOTAL PIECES', '# PIECES', 'PIECE COUNT', 'PKG QTY', 'QTY', 'QUANTITY']),
  ...L('pieces', 'es', ['BULTOS', 'PIEZAS', 'NO DE BULTOS', 'NUMERO DE BULTOS', 'CANTIDAD DE BULTOS', 'CANTIDAD', 'TOTAL BULTOS']),
  ...L('pieces', 'fr', ['COLIS', 'NB COLIS', 'NOMBRE DE COLIS', 'NBRE DE COLIS', 'PIECES', 'NB DE COLIS', 'QUANTITE', 'QTE']),
  ...L('handlingUnits', 'en', ['HANDLING UNIT', 'HANDLING UNITS', 'PALLETS', 'SKIDS', 'NO OF PALLETS', 'PALLET COUNT', 'H U QTY', 'HU QTY', 'H U']),
  ...L('handlingUnits', 'es', ['TARIMAS', 'PALETAS', 'UNIDADES DE MANEJO', 'NO DE TARIMAS']),
  ...L('handlingUnits', 'es', ['UNIDADES'], true),
  ...L('handlingUnits', 'fr', ['PALETTES', 'UNITES DE MANUTENTION', 'NB PALETTES', 'NOMBRE DE PALETTES']),
  ...L('commodity', 'en', ['COMMODITY', 'COMMODITY DESCRIPTION', 'DESCRIPTION', 'DESCRIPTION OF ARTICLES', 'KIND OF PACKAGING, DESCRIPTION OF ARTICLES', 'KIND OF PACKAGING DESCRIPTION OF ARTICLES', 'DESCRIPTION OF GOODS', 'KIND OF PACKAGES, DESCRIPTION', 'KIND OF PACKAGES DESCRIPTION', 'DESCRIPTION OF ARTICLES, SPECIAL MARKS AND EXCEPTIONS', 'GOODS DESCRIPTION', 'ITEM DESCRIPTION']),
  ...L('commodity', 'es', ['DESCRIPCION', 'DESCRIPCION DE LA MERCANCIA', 'MERCANCIA', 'DESCRIPCION DE MERCANCIA', 'DESCRIPCION DE LA CARGA', 'CONTENIDO']),
  ...L('commodity', 'fr', ['DESCRIPTION DES MARCHANDISES', 'DESIGNATION DES MARCHANDISES', 'NATURE DE LA MARCHANDISE', 'MARCHANDISE', 'MARCHANDISES', 'DESIGNATION', 'NATURE DES MARCHANDISES']),
  ...L('freightClass', 'en', ['CLASS', 'FREIGHT CLASS', 'CLASS OR RATE', 'NMFC CLASS', 'CLASS / RATE', 'FRT CLASS']),
  ...L('freightClass', 'en', ['CL'], true),
  ...L('freightClass', 'es', ['CLASE', 'CLASE DE FLETE', 'CLASE NMFC']),
  ...L('freightClass', 'fr', ['CLASSE', 'CLASSE DE FRET', 'CLASSE NMFC']),
  ...L('nmfc', 'en', ['NMFC', 'NMFC #', 'NMFC NO', 'NMFC ITEM']),
  ...L('freightTerms', 'en', ['FREIGHT TERMS', 'FREIGHT CHARGES', 'FREIGHT CHARGE TERMS', 'TERMS', 'PAYMENT TERMS', 'FREIGHT']),
  ...L('freightTerms', 'en', ['PAYMENT'], true),
  ...L('freightTerms', 'es', ['FLETE', 'CONDICIONES DE FLETE', 'PAGO DE FLETE', 'PAGO DEL FLETE', 'TIPO DE FLETE', 'CONDICIONES DE PAGO']),
  ...L('freightTerms', 'fr', ['PORT', 'CONDITIONS DE PORT', 'FRAIS DE PORT', 'MODALITE DE PORT', 'REGLEMENT DU PORT', 'FRAIS DE TRANSPORT', 'CONDITIONS DE PAIEMENT']),
  ...L('name', 'en', ['NAME', 'COMPANY', 'COMPANY NAME']),
  ...L('name', 'es', ['NOMBRE', 'RAZON SOCIAL', 'EMPRESA']),
  ...L('name', 'fr', ['NOM', 'RAISON SOCIALE', 'SOCIETE']),
  ...L('address', 'en', ['ADDRESS', 'STREET', 'STREET ADDRESS', 'ADDR']),
  ...L('address', 'es', ['DIRECCION', 'DOMICILIO']),
  // Also the first word of a street ("CALLE MORELOS", "RUE SAINT-PATRICK"): a label only alone or with its colon.
  ...L('address', 'es', ['CALLE'], true), ...L('address', 'fr', ['RUE'], true),
  ...L('address', 'fr', ['ADRESSE']),
  ...L('cityStateZip', 'en', ['CITY / STATE / ZIP', 'CITY / STATE ZIP', 'CITY STATE / ZIP', 'CITY STATE ZIP', 'CITY, STATE, ZIP', 'CITY / STATE / POSTAL CODE', 'CITY, ST ZIP', 'CITY / PROV / POSTAL', 'CITY PROV POSTAL']),
  ...L('cityStateZip', 'es', ['CIUDAD / ESTADO / CP', 'CIUDAD, ESTADO, CP', 'CIUDAD / ESTADO / C P', 'CIUDAD ESTADO CP']),
  ...L('cityStateZip', 'fr', ['VILLE / PROVINCE / CODE POSTAL', 'VILLE / CODE POSTAL', 'VILLE, CODE POSTAL']),
  ...L('city', 'en', ['CITY', 'TOWN']), ...L('city', 'es', ['CIUDAD', 'MUNICIPIO', 'POBLACION', 'LOCALIDAD']), ...L('city', 'fr', ['VILLE', 'LOCALITE', 'COMMUNE']),
  ...L('state', 'en', ['STATE', 'PROVINCE', 'STATE / PROV', 'STATE PROV', 'STATE / PROVINCE']), ...L('state', 'es', ['ESTADO']), ...L('state', 'fr', ['PROVINCE', 'ETAT']),
  ...L('zip', 'en', ['ZIP', 'ZIP CODE', 'POSTAL CODE', 'ZIP / POSTAL', 'ZIP POSTAL', 'POSTAL', 'ZIP / POSTAL CODE']), ...L('zip', 'es', ['CP', 'C P', 'CODIGO POSTAL']), ...L('zip', 'fr', ['CODE POSTAL', 'CP']),
  ...L('otherParty', 'en', ['NOTIFY PARTY', 'ALSO NOTIFY', 'NOTIFY ADDRESS', 'FOR DELIVERY APPLY TO', 'DELIVERY AGENT', 'FORWARDING AGENT', 'FREIGHT FORWARDER', 'REMIT TO', 'REMIT PAYMENT TO', 'MAIL INVOICES TO', 'CUSTOMS BROKER', 'IMPORT BROKER', 'BROKER NAME']),
  ...L('otherParty', 'en', ['NOTIFY', 'BROKER', 'FORWARDER'], true),
  ...L('otherParty', 'es', ['NOTIFICAR A', 'AVISAR A', 'AGENTE DE ENTREGA', 'AGENTE ADUANAL', 'AGENCIA ADUANAL', 'AGENTE ADUANAL DESTINO', 'ENVIAR PAGO A', 'REMITIR PAGO A', 'AGENTE DE CARGA']),
  ...L('otherParty', 'fr', ['PARTIE A NOTIFIER', 'AVISER', "POUR LIVRAISON S'ADRESSER A", 'POUR LIVRAISON S ADRESSER A', 'AGENT DE LIVRAISON', 'PAIEMENT A', 'REMETTRE A', 'COURTIER EN DOUANE', 'TRANSITAIRE']),
  ...L('otherParty', 'fr', ['COURTIER'], true),
  ...L('stop', 'en', ['CARRIER DRIVER', 'DRIVER', 'CARRIER SIGNATURE', 'DRIVER SIGNATURE', 'SHIPPER PER', 'AGENT PER', 'CARRIER PER', 'CID', 'CID #', 'FOB', 'LOCATION #', 'LOCATION', 'TRAILER NUMBER', 'TRAILER NO', 'TRAILER', 'SEAL NUMBER', 'SEAL NUMBERS', 'SEAL NUMBER(S)', 'SEAL', 'SPECIAL INSTRUCTIONS', 'PAGE', 'SIGNATURE', 'SHIPPER SIGNATURE', 'PER', 'H M', 'HM', 'TYPE', 'PHONE', 'TEL', 'CONTACT', 'REMARKS', 'NOTES', 'TOTAL', 'GRAND TOTAL', 'REFERENCE', 'REF', 'HAZMAT', 'EMERGENCY', 'UNIT', 'DEPT', 'ADDITIONAL SHIPPER INFO', 'PALLET / SLIP', 'CUSTOMER ORDER INFORMATION', 'CARRIER INFORMATION', 'RECEIVED', 'COD', 'COD AMOUNT', 'DECLARED VALUE']),
  ...L('stop', 'es', ['TELEFONO', 'INSTRUCCIONES ESPECIALES', 'VALOR DECLARADO', 'OBSERVACIONES', 'FIRMA', 'FIRMA DEL REMITENTE', 'FIRMA DEL TRANSPORTISTA', 'SELLO', 'CAJA', 'PLACAS', 'TOTAL', 'REFERENCIA', 'RFC']),
  // A carta porte's tax ids and place of issue: items of the form, not its parties ("RFC REMITENTE" is the shipper's
  // tax id, not the shipper's heading).
  ...L('stop', 'es', ['RFC REMITENTE', 'RFC DEL REMITENTE', 'RFC DESTINATARIO', 'RFC DEL DESTINATARIO', 'LUGAR DE EXPEDICION', 'LUGAR Y FECHA DE EXPEDICION']),
  ...L('stop', 'fr', ['TELEPHONE', 'INSTRUCTIONS PARTICULIERES', 'INSTRUCTIONS SPECIALES', 'VALEUR DECLAREE', 'REMARQUES', 'OBSERVATIONS', 'SIGNATURE', 'SIGNATURE DE L EXPEDITEUR', 'SIGNATURE DU TRANSPORTEUR', 'CACHET', 'PLOMB', 'REMORQUE', 'TOTAL', 'REFERENCE', 'SIRET', 'TVA']),
  // The other items a bill prints beside its fields (equipment, seals, marks, the ship's ports, a party's account or
  // customer number, the country line): known as labels so a value does not run on into them, and so a word of theirs
  // is not taken for a field's label ("PORT" of PORT OF LOADING is no French freight terms, "SHIPPER" of SHIPPER REF no
  // shipper heading). One word that also begins names ("COUNTRY FRESH", "MARQUES DU NORD") counts alone or with its
  // colon only.
  ...L('stop', 'en', ['MARKS & NUMBERS', 'MARKS AND NUMBERS', 'SHIPPER REF / MARKS', 'PKG TYPE', 'PACKAGE TYPE', 'LOAD #', 'LOAD NO', 'LOAD NUMBER',
    'TRIP #', 'TRIP NO', 'CUSTOMER REFERENCES', 'VESSEL / VOYAGE', 'OCEAN VESSEL', 'PRE-CARRIAGE BY', 'PRE CARRIAGE BY', 'PORT OF LOADING',
    'PLACE OF RECEIPT', 'PORT OF DISCHARGE', 'PLACE OF DELIVERY', 'CONTAINER NO', 'CONTAINER #', 'CONTAINER / SEAL', 'ACCOUNT NO', 'ACCOUNT #',
    'ACCOUNT NUMBER', 'CUSTOMER #', 'CUSTOMER NO', 'VENDOR ID', 'VENDOR #', 'HAZ MAT', 'SHIPPER REF', 'SHIPPER REFERENCE', 'RECEIVED BY']),
  ...L('stop', 'en', ['INSTRUCTIONS', 'EQUIPMENT', 'SEALS', 'MARKS', 'CONTAINER', 'VESSEL', 'COUNTRY', 'KIND', 'DOCK'], true),
  ...L('stop', 'es', ['NO DE CAJA', 'NO DE SELLO', 'MARCAS Y NUMEROS', 'NO DE VIAJE', 'BUQUE / VIAJE', 'PUERTO DE CARGA', 'PUERTO DE DESCARGA',
    'NO DE CLIENTE', 'MAT PELIGROSO', 'REF CLIENTE']),
  ...L('stop', 'es', ['MARCAS', 'EMBALAJE', 'RECIBIO', 'CONTENEDOR', 'PAGINA', 'CUENTA', 'SUCURSAL', 'PAIS', 'TIPO', 'VIAJE', 'LAB', 'MP'], true),
  ...L('stop', 'fr', ['NO DE REMORQUE', 'NO DE SCELLE', 'MARQUES ET NUMEROS', 'RECU PAR', 'NO DE CHARGEMENT', 'NAVIRE / VOYAGE', 'PORT DE CHARGEMENT',
    'LIEU DE PRISE EN CHARGE', 'PORT DE DECHARGEMENT', 'LIEU DE LIVRAISON', 'NO CLIENT', 'NO DE QUAI', 'MAT DANG', 'REF EXPEDITEUR']),
  ...L('stop', 'fr', ['SCELLE', 'MARQUES', 'EMBALLAGE', 'CONTENEUR', 'COMPTE', 'PAYS', 'VOYAGE', 'CODE', 'FRANCO', 'MD'], true),
  ...L('nmfc', 'en', ['ITEM NO']), ...L('nmfc', 'fr', ['ARTICLE NMFC']),
];

/** Labels whose meaning varies between forms ("SID" is a shipper's order number on some, a shipper ID on others): their values are never trusted outright. */
export const AMBIGUOUS_LABELS = new Set(['SID', 'SID #', 'CUSTOMER ORDER']);

/** Month names and abbreviations in English, Spanish and French (normalised), to month number. */
export const MONTHS: Record<string, number> = {
  JAN: 1, JANUARY: 1, FEB: 2, FEBRUARY: 2, MAR: 3, MARCH: 3, APR: 4, APRIL: 4, MAY: 5, JUN: 6, JUNE: 6, JUL: 7, JULY: 7,
  AUG: 8, AUGUST: 8, SEP: 9, SEPT: 9, SEPTEMBER: 9, OCT: 10, OCTOBER: 10, NOV: 11, NOVEMBER: 11, DEC: 12, DECEMBER: 12,
  ENE: 1, ENERO: 1, FEBRERO: 2, MARZO: 3, ABR: 4, ABRIL: 4, MAYO: 5, JUNIO: 6, JULIO: 7, AGO: 8, AGOSTO: 8,
  SEPTIEMBRE: 9, SETIEMBRE: 9, SET: 9, OCTUBRE: 10, NOVIEMBRE: 11, DIC: 12, DICIEMBRE: 12,
  JANV: 1, JANVIER: 1, FEV: 2, FEVR: 2, FEVRIER: 2, MARS: 3, AVR: 4, AVRIL: 4, MAI: 5, JUIN: 6, JUIL: 7, JUILLET: 7,
  AOU: 8, AOUT: 8, SEPTEMBRE: 9, OCTOBRE: 10, NOVEMBRE: 11, DECEMBRE: 12,
};
