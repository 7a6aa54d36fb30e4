import { toAscii, type AddressLookupPort, type AddressSuggestion } from '@eid/domain';

/**
 * Real streets of Lithuanian towns with the position of their first house and the direction the
 * numbers run; house positions are laid out 18 m apart along it. Enough to pick a complete address
 * anywhere a test or a practice run needs one; a real installation plugs the address registry's
 * service in behind the same port.
 */
interface Street {
  readonly name: string;
  readonly town: string;
  readonly lat: number;
  readonly lon: number;
  /** Degrees clockwise from north. */
  readonly bearing: number;
  readonly houses: number;
  /** Apartment buildings: an apartment number is needed. */
  readonly flats: boolean;
}

const STREETS: readonly Street[] = [
  { name: 'Gedimino pr.', town: 'Vilnius', lat: 54.68722, lon: 25.28018, bearing: 265, houses: 60, flats: true },
  { name: 'Konstitucijos pr.', town: 'Vilnius', lat: 54.69541, lon: 25.28202, bearing: 290, houses: 40, flats: false },
  { name: 'Ukmergės g.', town: 'Vilnius', lat: 54.70488, lon: 25.27001, bearing: 320, houses: 120, flats: true },
  { name: 'Kalvarijų g.', town: 'Vilnius', lat: 54.69846, lon: 25.28862, bearing: 5, houses: 120, flats: true },
  { name: 'Savanorių pr.', town: 'Vilnius', lat: 54.67805, lon: 25.26352, bearing: 225, houses: 120, flats: true },
  { name: 'Ozo g.', town: 'Vilnius', lat: 54.71455, lon: 25.27652, bearing: 285, houses: 40, flats: false },
  { name: 'Žalgirio g.', town: 'Vilnius', lat: 54.70061, lon: 25.27475, bearing: 330, houses: 120, flats: true },
  { name: 'Antakalnio g.', town: 'Vilnius', lat: 54.69501, lon: 25.30127, bearing: 50, houses: 110, flats: true },
  { name: 'Pilies g.', town: 'Vilnius', lat: 54.68368, lon: 25.28912, bearing: 180, houses: 40, flats: false },
  { name: 'Vilniaus g.', town: 'Vilnius', lat: 54.68571, lon: 25.28262, bearing: 175, houses: 40, flats: false },
  { name: 'Laisvės pr.', town: 'Vilnius', lat: 54.70622, lon: 25.21432, bearing: 180, houses: 120, flats: true },
  { name: 'Geležinio Vilko g.', town: 'Vilnius', lat: 54.70201, lon: 25.25552, bearing: 185, houses: 40, flats: false },
  { name: 'Vasario 16-osios g.', town: 'Vilnius', lat: 54.68913, lon: 25.27384, bearing: 190, houses: 20, flats: false },
  { name: 'Laisvės al.', town: 'Kaunas', lat: 54.89741, lon: 23.91358, bearing: 270, houses: 100, flats: true },
  { name: 'Savanorių pr.', town: 'Kaunas', lat: 54.90032, lon: 23.92552, bearing: 60, houses: 400, flats: true },
  { name: 'Vytauto pr.', town: 'Kaunas', lat: 54.89402, lon: 23.92201, bearing: 200, houses: 90, flats: true },
  { name: 'Pramonės pr.', town: 'Kaunas', lat: 54.91501, lon: 23.97552, bearing: 90, houses: 40, flats: false },
  { name: 'Taikos pr.', town: 'Klaipėda', lat: 55.70621, lon: 21.14851, bearing: 110, houses: 150, flats: true },
  { name: 'Herkaus Manto g.', town: 'Klaipėda', lat: 55.71351, lon: 21.13402, bearing: 10, houses: 90, flats: true },
  { name: 'Minijos g.', town: 'Klaipėda', lat: 55.69452, lon: 21.14012, bearing: 190, houses: 180, flats: true },
  { name: 'Tilžės g.', town: 'Šiauliai', lat: 55.93191, lon: 23.31402, bearing: 200, houses: 200, flats: true },
  { name: 'Respublikos g.', town: 'Panevėžys', lat: 55.73402, lon: 24.35701, bearing: 250, houses: 80, flats: true },
  { name: 'Kauno g.', town: 'Marijampolė', lat: 54.55841, lon: 23.35201, bearing: 40, houses: 60, flats: false },
  { name: 'Vilniaus g.', town: 'Alytus', lat: 54.39902, lon: 24.04852, bearing: 60, houses: 60, flats: false },
];

const METRES_PER_DEGREE = 111_320;
const HOUSE_SPACING_M = 18;

function buildAddresses(): AddressSuggestion[] {
  const out: AddressSuggestion[] = [];
  STREETS.forEach((s, si) => {
    const rad = (s.bearing * Math.PI) / 180;
    for (let n = 1; n <= s.houses; n++) {
      const d = (n - 1) * HOUSE_SPACING_M;
      out.push({
        value: `${s.name} ${n}, ${s.town}`,
        aob: 100_000 * (si + 1) + n,
        // Odd-numbered buildings of apartment streets have flats; the rest are offices and houses.
        needPat: s.flats && n % 2 === 1,
        latitude: Number((s.lat + (d * Math.cos(rad)) / METRES_PER_DEGREE).toFixed(6)),
        longitude: Number((s.lon + (d * Math.sin(rad)) / (METRES_PER_DEGREE * Math.cos((s.lat * Math.PI) / 180))).toFixed(6)),
      });
    }
  });
  return out;
}

const fold = (text: string) => toAscii(text).toLowerCase().replace(/[^a-z0-9 ]/g, ' ').replace(/\s+/g, ' ').trim();

/** Suggestions from the fixed list: every word typed must start a word of the address. */
export class FixtureAddresses implements AddressLookupPort {
  private readonly addresses = buildAddresses();
  private readonly folded = this.addresses.map((a) => fold(a.value).split(' '));

  async suggest(query: string, limit: number): Promise<readonly AddressSuggestion[]> {
    const words = fold(query).split(' ').filter(Boolean);
    if (words.length === 0) return [];
    const hits: Array<{ a: AddressSuggestion; score: number }> = [];
    this.addresses.forEach((a, i) => {
      const tokens = this.folded[i]!;
      if (!words.every((w) => tokens.some((t) => (/^\d/.test(w) ? t === w : t.startsWith(w))))) return;
      // Fewer extra words first, then in street order.
      hits.push({ a, score: tokens.length });
    });
    return hits
      .sort((x, y) => x.score - y.score)
      .slice(0, limit)
      .map((h) => h.a);
  }

  async nearest(position: { latitude: number; longitude: number }, limit: number): Promise<readonly AddressSuggestion[]> {
    const cos = Math.cos((position.latitude * Math.PI) / 180);
    const dist = (a: AddressSuggestion) => (a.latitude - position.latitude) ** 2 + ((a.longitude - position.longitude) * cos) ** 2;
    return [...this.addresses].sort((x, y) => dist(x) - dist(y)).slice(0, limit);
  }

  get size(): number {
    return this.addresses.length;
  }
}
