/** A complete, realistic ExtractedData for tests (values like a typical LTL straight BOL). */
import type { ExtractedData } from '@ladingwise/shared';

export function sampleData(): ExtractedData {
  return {
    Shipper: { Name: 'Orion Plastics Inc', Address: '1200 Industrial Pkwy', City: 'Dayton', State: 'OH', Zip: '45404', Country: 'US' },
    Consignee: { Name: 'Great Lakes Packaging Co', Address: '55 Harbor Dr', City: 'Toledo', State: 'OH', Zip: '43604', Country: 'US' },
    BillTo: { Name: 'Orion Plastics AP Dept', Address: 'PO Box 881', City: 'Dayton', State: 'OH', Zip: '45401' },
    Carrier: { Name: 'Old Dominion Freight Line', Scac: 'ODFL' },
    ShipmentDetails: { Weight: 1250.5, WeightUnit: 'L', Pieces: 40, HandlingUnits: 2, PackagingType: 'PLT', Commodity: 'Plastic resin pellets', FreightClass: '70' },
    LineItems: [
      { HandlingUnits: 1, PackagingType: 'PLT', Pieces: 25, Weight: 800, Commodity: 'Plastic resin pellets, bagged', FreightClass: '70' },
      { HandlingUnits: 1, PackagingType: 'Skid', Pieces: 15, Weight: 450.5, Commodity: 'Colour masterbatch', FreightClass: '85' },
    ],
    Dates: { Pickup: '2026-11-20', Delivery: '2026-11-24' },
    References: { BolNumber: '778812', PoNumber: 'PO-5531', OrderNumber: 'SO-99120', ProNumber: '0123456789' },
    FreightTerms: 'prepaid',
    Validation: [],
    Warnings: [],
    MissingFields: [],
    ConfidenceScores: {},
  };
}

/** Fixed envelope inputs so output is byte-for-byte stable. */
export const FIXED = { senderId: 'LADINGWISE', receiverId: 'ODFLEDI', controlNumber: 1, now: new Date('2026-11-22T14:05:00Z') } as const;
