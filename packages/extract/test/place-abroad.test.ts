import { emptyExtractedData, type Party } from '@ladingwise/shared';
import { describe, expect, it } from 'vitest';
import { placeFromRunningAddress, placeInRunningText, textAfter } from '../src/fields/place-abroad.ts';
import type { Word } from '../src/types.ts';

/** Words of one printed line from x, 10 units a letter and 10 between words, 20 high at `y`. */
function line(text: string, x: number, y: number): Word[] {
  const out: Word[] = [];
  for (const t of text.split(' ')) {
    out.push({ text: t, confidence: 0.95, bbox: [x, y, x + 10 * t.length, y + 20], page: 0 } as Word);
    x += 10 * t.length + 10;
  }
  return out;
}

const party = (o: Partial<Party>): Party => ({ Name: 'ACME', Address: null, City: null, State: null, Zip: null, ...o });

describe('a place abroad read from the running text of its address', () => {
  it('finds the code of the named country, the city beside it and the state after a dash', () => {
    expect(placeInRunningText('AV. PAULISTA, 1159, 01310-100 SAO PAULO - SP, BRASIL', null)).toEqual({
      zip: '01310-100', city: 'SAO PAULO', state: 'SP', country: 'BR', street: 'AV. PAULISTA, 1159',
    });
  });

  it('takes the city before the code where the country prints it so, and the next part where the code stands alone', () => {
    expect(placeInRunningText('UNIT 8 DOCK ROAD, FELIXSTOWE IP11 4TG, UNITED KINGDOM', null)).toMatchObject({ zip: 'IP11 4TG', city: 'FELIXSTOWE', state: null });
    expect(placeInRunningText('EEMHAVENWEG 10, 3198 LK, ROTTERDAM, THE NETHERLANDS', 'NL')).toMatchObject({ zip: '3198 LK', city: 'ROTTERDAM', street: 'EEMHAVENWEG 10' });
  });

  it('finds nothing for a North American address, nor where no country is known or named right after the place', () => {
    expect(placeInRunningText('123 MAIN ST, SEATTLE, WA 98101, USA', null)).toBeNull();
    expect(placeInRunningText('4 RUE DU PORT, 69007 LYON', null)).toBeNull();
    // A country named further on (another party's, read on from the next column) is not this place's.
    expect(placeInRunningText('4 RUE DU PORT, 69007 LYON, ACME SARL, FRANCE', null)).toBeNull();
    expect(placeInRunningText('141 AVENUE JEAN JAURES, 69007 LYON, FRANCE', null)).toMatchObject({ zip: '69007', city: 'LYON', country: 'FR' });
  });

  it('needs a known town beside the code', () => {
    expect(placeInRunningText('12 HIGH ST, XQZWV IP11 4TG, UNITED KINGDOM', null)).toBeNull();
  });

  it('reads on from the street along its line and onto the line below, as far as its own column goes', () => {
    const words = [
      ...line('MERSEY LTD, UNIT 8 DOCK ROAD,', 100, 0), ...line('ATLANTIQUE SARL', 900, 0),
      ...line('FELIXSTOWE IP11 4TG, UNITED KINGDOM', 100, 24), ...line('69007 LYON, FRANCE', 900, 24),
    ];
    const street = words.filter((w) => ['8', 'DOCK', 'ROAD,'].includes(w.text));
    expect(textAfter(street, words)).toBe('FELIXSTOWE IP11 4TG, UNITED KINGDOM');
  });

  it('fills a party\'s empty code, state and street, and a city read in part, all held for review', () => {
    const words = line('CAFE DO VALE S.A., AV. PAULISTA, 1159, 01310-100 SAO PAULO - SP, BRASIL', 0, 0);
    const data = emptyExtractedData();
    data.Shipper = party({ Name: 'CAFE DO VALE S.A.', City: 'PAULO' });
    data.ConfidenceScores['Shipper.City'] = 0.95;
    placeFromRunningAddress(data, (key) => (key === 'Shipper' ? { words: words.slice(0, 3), street: false } : null), words);
    expect(data.Shipper).toMatchObject({ Address: 'AV. PAULISTA, 1159', City: 'SAO PAULO', State: 'SP', Zip: '01310-100', Country: 'BR' });
    for (const leaf of ['Address', 'City', 'State', 'Zip']) expect(data.ConfidenceScores[`Shipper.${leaf}`]).toBeLessThan(0.9);
  });

  it('leaves a North American party alone', () => {
    const words = line('ACME INC, 12 MAIN ST, 75008 PARIS, FRANCE', 0, 0);
    const data = emptyExtractedData();
    data.Shipper = party({ Name: 'ACME INC', Country: 'US' });
    placeFromRunningAddress(data, () => ({ words: words.slice(0, 2), street: false }), words);
    expect(data.Shipper?.Zip).toBeNull();
  });
});
