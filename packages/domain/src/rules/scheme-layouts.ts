/**
 * What each of the 21 scheme templates draws (declaration-flow §2 step 10, §9; issue 33 item 3): its
 * road, as shapes in the drawing's 1000 × 750 space (y grows downwards), and where the two vehicles
 * start and which way they head (degrees clockwise, 0 = to the right). Traffic keeps to the right:
 * on a road across the drawing the lower lane goes right, the upper lane left. Pure data: the web
 * app draws it, the tests compare it.
 */
import type { Party } from './constants.js';
import type { SchemeTemplateId } from './scheme-templates.js';

export const SCHEME_WIDTH = 1000;
export const SCHEME_HEIGHT = 750;

export type SchemeSurface = 'asphalt' | 'pavement' | 'island';
export type SchemeLineStyle = 'dashed' | 'solid' | 'give-way';

export type SchemeShape =
  | { readonly kind: 'area'; readonly surface: SchemeSurface; readonly x: number; readonly y: number; readonly w: number; readonly h: number }
  | { readonly kind: 'disc'; readonly surface: SchemeSurface; readonly x: number; readonly y: number; readonly r: number }
  | { readonly kind: 'polygon'; readonly surface: SchemeSurface; readonly points: readonly number[] }
  /** A painted line on the road. */
  | { readonly kind: 'line'; readonly style: SchemeLineStyle; readonly points: readonly number[] }
  /** A painted circle (a roundabout's lane divider). */
  | { readonly kind: 'circle-line'; readonly style: SchemeLineStyle; readonly x: number; readonly y: number; readonly r: number }
  /** A parking bay's outline. */
  | { readonly kind: 'bay'; readonly x: number; readonly y: number; readonly w: number; readonly h: number }
  /** A painted lane arrow at (x, y) heading `rotation`: straight on, or turning. */
  | { readonly kind: 'lane-arrow'; readonly x: number; readonly y: number; readonly rotation: number; readonly turn: 'straight' | 'left' | 'right' }
  /** A vehicle that is not one of the two (parked, or being overtaken), drawn grey. */
  | { readonly kind: 'other-vehicle'; readonly x: number; readonly y: number; readonly rotation: number }
  /** An opened car door, from its hinge. */
  | { readonly kind: 'door'; readonly points: readonly number[] };

export interface SchemeStart {
  readonly x: number;
  readonly y: number;
  readonly rotation: number;
}

export interface SchemeLayout {
  readonly shapes: readonly SchemeShape[];
  readonly starts: Readonly<Record<Party, SchemeStart>>;
}

const W = SCHEME_WIDTH;
const H = SCHEME_HEIGHT;
const at = (x: number, y: number, rotation: number): SchemeStart => ({ x, y, rotation });
const asphalt = (x: number, y: number, w: number, h: number): SchemeShape => ({ kind: 'area', surface: 'asphalt', x, y, w, h });
const pavement = (x: number, y: number, w: number, h: number): SchemeShape => ({ kind: 'area', surface: 'pavement', x, y, w, h });
const line = (style: SchemeLineStyle, ...points: number[]): SchemeShape => ({ kind: 'line', style, points });
const arrow = (x: number, y: number, rotation: number, turn: 'straight' | 'left' | 'right' = 'straight'): SchemeShape => ({ kind: 'lane-arrow', x, y, rotation, turn });
const other = (x: number, y: number, rotation: number): SchemeShape => ({ kind: 'other-vehicle', x, y, rotation });
const bays = (count: number, x0: number, step: number, y: number, w: number, h: number): SchemeShape[] =>
  Array.from({ length: count }, (_, i) => ({ kind: 'bay', x: x0 + i * step, y, w, h }) as const);

/** A two-way road across the drawing between `top` and `top + 240`, its centre line as given. */
function twoWay(top: number, centre: SchemeShape[] = [line('dashed', 0, top + 120, W, top + 120)]): SchemeShape[] {
  return [asphalt(0, top, W, 240), ...centre];
}

/** A junction: a road across (y 255-455) and the arms going up and/or down (x 400-600). */
function junction(up: boolean, down: boolean): SchemeShape[] {
  return [
    asphalt(0, 255, W, 200),
    ...(up ? [asphalt(400, 0, 200, 255), line('dashed', 500, 0, 500, 245)] : []),
    ...(down ? [asphalt(400, 455, 200, H - 455), line('dashed', 500, 465, 500, H)] : []),
    line('dashed', 0, 355, 390, 355),
    line('dashed', 610, 355, W, 355),
  ];
}

/** A roundabout at (500, 375) with four arms; `rings` lanes around an island of radius `island`. */
function roundabout(outer: number, island: number, twoLanes: boolean, giveWay: boolean): SchemeShape[] {
  const c = { x: 500, y: 375 };
  return [
    asphalt(420, 0, 160, H),
    asphalt(0, 295, W, 160),
    { kind: 'disc', surface: 'asphalt', x: c.x, y: c.y, r: outer },
    ...(twoLanes ? [{ kind: 'circle-line', style: 'dashed', x: c.x, y: c.y, r: (outer + island) / 2 } as const] : []),
    { kind: 'disc', surface: 'island', x: c.x, y: c.y, r: island },
    // The entries yield to the ring (each arm's right-hand half coming in).
    ...(giveWay
      ? [
          line('give-way', 500, c.y + outer + 8, 580, c.y + outer + 8),
          line('give-way', 420, c.y - outer - 8, 500, c.y - outer - 8),
          line('give-way', c.x - outer - 8, 375, c.x - outer - 8, 455),
          line('give-way', c.x + outer + 8, 295, c.x + outer + 8, 375),
        ]
      : []),
  ];
}

const LAYOUTS: Readonly<Record<SchemeTemplateId, SchemeLayout>> = {
  blank: { shapes: [], starts: { A: at(350, 375, 0), B: at(650, 375, 180) } },

  // A car park: A reverses along the aisle into B, behind it in line.
  'parking-back-i': {
    shapes: [asphalt(0, 160, W, 440), ...bays(8, 40, 120, 160, 110, 150), ...bays(8, 40, 120, 450, 110, 150), other(215, 235, 90), other(815, 525, -90)],
    starts: { A: at(600, 380, 180), B: at(330, 380, 0) },
  },
  // A car park: A reverses into a bay between parked cars while B drives along the aisle.
  'parking-back-t': {
    shapes: [asphalt(0, 120, W, 520), ...bays(8, 40, 120, 120, 110, 150), ...bays(8, 40, 120, 490, 110, 150), other(455, 565, -90), other(695, 565, -90), other(335, 195, 90)],
    starts: { A: at(575, 420, 90), B: at(230, 330, 0) },
  },
  // Parallel bays along the right kerb: A pulls into one, B comes behind.
  'parking-side': {
    shapes: [asphalt(0, 250, W, 300), pavement(0, 550, W, 70), line('dashed', 0, 360, W, 360), ...bays(5, 60, 190, 470, 170, 80), other(145, 510, 0), other(525, 510, 0)],
    starts: { A: at(320, 440, 20), B: at(140, 415, 0) },
  },
  // Cars parked at the kerb; A's driver opens the door into B's lane.
  'parking-door': {
    shapes: [asphalt(0, 260, W, 260), pavement(0, 520, W, 80), line('dashed', 0, 350, W, 350), line('solid', 0, 440, W, 440), other(150, 480, 0), other(790, 480, 0), { kind: 'door', points: [445, 456, 480, 418] }],
    starts: { A: at(470, 480, 0), B: at(220, 395, 0) },
  },
  // One lane each way: B is hit from behind by A.
  back: {
    shapes: [...twoWay(280), arrow(820, 460, 0), arrow(180, 340, 180)],
    starts: { A: at(300, 460, 0), B: at(520, 460, 0) },
  },
  // A one-way street between pavements: A, in front, reverses into B.
  'back-reverse': {
    shapes: [pavement(0, 260, W, 60), asphalt(0, 320, W, 160), pavement(0, 480, W, 60), arrow(830, 400, 0), arrow(120, 400, 0)],
    starts: { A: at(580, 400, 180), B: at(320, 400, 0) },
  },
  // A pulls out from between parked cars at the right kerb into B's lane.
  'from-roadside': {
    shapes: [asphalt(0, 250, W, 290), pavement(0, 540, W, 70), line('dashed', 0, 370, W, 370), line('dashed', 0, 460, W, 460), other(180, 500, 0), other(720, 500, 0)],
    starts: { A: at(450, 480, -20), B: at(200, 415, 0) },
  },
  // A pulls into a lay-by at the right-hand side; B comes behind.
  'to-roadside': {
    shapes: [asphalt(0, 250, W, 240), { kind: 'polygon', surface: 'asphalt', points: [300, 490, 380, 570, 720, 570, 800, 490] }, pavement(0, 490, 300, 90), pavement(800, 490, 200, 90), line('dashed', 0, 370, W, 370), line('solid', 300, 490, 800, 490)],
    starts: { A: at(520, 450, 20), B: at(280, 430, 0) },
  },
  // A enters the roundabout from the south; B is already on it, coming round (anticlockwise).
  'ring-enter': {
    shapes: roundabout(230, 110, false, true),
    starts: { A: at(540, 690, -90), B: at(380, 495, 45) },
  },
  // A two-lane roundabout: A on the inner lane, B on the outer one.
  ring: {
    shapes: roundabout(270, 90, true, false),
    starts: { A: at(520, 510, -10), B: at(420, 600, 5) },
  },
  // Two lanes the same way: A and B side by side, one changing lane.
  overtake: {
    shapes: [asphalt(0, 260, W, 260), line('solid', 0, 272, W, 272), line('solid', 0, 508, W, 508), line('dashed', 0, 390, W, 390), arrow(850, 325, 0), arrow(850, 455, 0), arrow(120, 325, 0), arrow(120, 455, 0)],
    starts: { A: at(420, 325, 0), B: at(480, 455, 0) },
  },
  // Past the end of a no-overtaking line A pulls out to pass B.
  'overtake-start': {
    shapes: twoWay(280, [line('solid', 0, 400, 300, 400), line('dashed', 300, 400, W, 400)]),
    starts: { A: at(360, 445, -15), B: at(560, 460, 0) },
  },
  // A alongside B in the oncoming lane.
  'overtake-middle': {
    shapes: [...twoWay(280), arrow(150, 460, 0), arrow(850, 340, 180)],
    starts: { A: at(470, 340, 0), B: at(500, 460, 0) },
  },
  // A cuts back in front of B before a no-overtaking line.
  'overtake-end': {
    shapes: twoWay(280, [line('dashed', 0, 400, 650, 400), line('solid', 650, 400, W, 400)]),
    starts: { A: at(620, 420, 15), B: at(430, 460, 0) },
  },
  // A, passing a slower vehicle, meets B coming the other way.
  'overtake-head-on': {
    shapes: [...twoWay(280), other(440, 460, 0)],
    starts: { A: at(330, 340, 0), B: at(760, 340, 180) },
  },
  // A turns right out of the side road from below into B's lane.
  't-right': {
    shapes: [...junction(false, true), line('give-way', 500, 463, 600, 463), arrow(550, 505, -90, 'right')],
    starts: { A: at(550, 650, -90), B: at(180, 405, 0) },
  },
  // A turns left out of the side road from above, across B coming from the right.
  't-left': {
    shapes: [...junction(true, false), line('give-way', 400, 247, 500, 247), arrow(450, 212, 90, 'left')],
    starts: { A: at(450, 75, 90), B: at(820, 305, 180) },
  },
  // Crossroads: A turns right from below into B's lane.
  'x-right': {
    shapes: [...junction(true, true), arrow(550, 505, -90, 'right')],
    starts: { A: at(550, 650, -90), B: at(180, 405, 0) },
  },
  // Crossroads: A turns left from below across B coming from above.
  'x-left': {
    shapes: [...junction(true, true), arrow(550, 505, -90, 'left')],
    starts: { A: at(550, 650, -90), B: at(450, 100, 90) },
  },
  // Crossroads: A goes straight across; B comes from the right.
  'x-cross': {
    shapes: [...junction(true, true), arrow(550, 505, -90, 'straight'), line('give-way', 500, 463, 600, 463)],
    starts: { A: at(550, 650, -90), B: at(820, 305, 180) },
  },
};

/** The road a template draws and where its vehicles start. */
export function schemeLayout(id: SchemeTemplateId): SchemeLayout {
  return LAYOUTS[id];
}
