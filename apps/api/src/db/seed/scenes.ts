/*
 * Pleasant, recognisable pictures for seeded listings, drawn as SVG and rendered by sharp at seed
 * time: nothing is downloaded and nothing of anyone's is reused.
 */

export const SCENE_KINDS = [
  'house',
  'apartment-block',
  'plot',
  'bedroom',
  'living-room',
  'kitchen',
  'bathroom',
] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

export const SCENE_WIDTH = 1280;
export const SCENE_HEIGHT = 853;

/** Small deterministic PRNG (mulberry32): the same seed draws the same picture. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const between = (rand: Rand, min: number, max: number) => min + rand() * (max - min);

const W = SCENE_WIDTH;
const H = SCENE_HEIGHT;

const SKIES = [
  ['#5fa8e8', '#bfe3ff'],
  ['#3d8bd9', '#a9d8ff'],
  ['#f4a66a', '#ffe1b0'],
  ['#6fb7e9', '#e6f5ff'],
  ['#8cc7f0', '#fdf1d8'],
] as const;
const WALLS = [
  '#f3e3c3',
  '#fdf6e3',
  '#e8d1b5',
  '#f6d7a7',
  '#dfe8e1',
  '#f1e0d6',
  '#e9e4f2',
  '#fff8ec',
];
const ROOFS = ['#8c2f1b', '#3d5a80', '#6b4226', '#2f4f4f', '#a0522d', '#5b5b5b'];
const ACCENTS = ['#c98d26', '#2a9d8f', '#e76f51', '#264653', '#8ab17d', '#b5838d', '#457b9d'];
const FLOORS = ['#c8a27a', '#b08968', '#d9c3a5', '#9c7a5b', '#e0d6c8'];
const INTERIOR_WALLS = ['#f7efe2', '#eef3f0', '#f3e9dc', '#e9eef5', '#f8f1e7', '#efe6f2'];

function defs(sky: readonly [string, string], extra = ''): string {
  return `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>
    <linearGradient id="grass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb85a"/><stop offset="1" stop-color="#4e8a3a"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fffbe6"/><stop offset="0.6" stop-color="#ffe68a"/><stop offset="1" stop-color="#ffe68a" stop-opacity="0"/></radialGradient>
    ${extra}
  </defs>`;
}

function skyAndSun(rand: Rand): string {
  const sx = between(rand, 120, W - 120);
  const clouds = Array.from({ length: 3 + Math.floor(rand() * 3) }, () => {
    const cx = between(rand, 0, W);
    const cy = between(rand, 60, 240);
    const s = between(rand, 0.7, 1.4);
    return `<g fill="#fff" opacity="0.85" transform="translate(${cx.toFixed(0)} ${cy.toFixed(0)}) scale(${s.toFixed(2)})"><ellipse cx="0" cy="0" rx="70" ry="26"/><ellipse cx="45" cy="-14" rx="48" ry="30"/><ellipse cx="-40" cy="-8" rx="40" ry="22"/></g>`;
  }).join('');
  return `<rect width="${W}" height="${H}" fill="url(#sky)"/><circle cx="${sx.toFixed(0)}" cy="120" r="110" fill="url(#sun)"/>${clouds}`;
}

function palm(x: number, ground: number, scale: number): string {
  const top = ground - 260 * scale;
  const leaves = [-70, -35, 0, 35, 70, 110, -110]
    .map(
      (a) =>
        `<path d="M0 0 q ${(60 * scale).toFixed(0)} ${(-30 * scale).toFixed(0)} ${(120 * scale).toFixed(0)} ${(25 * scale).toFixed(0)} q ${(-60 * scale).toFixed(0)} ${(-10 * scale).toFixed(0)} ${(-120 * scale).toFixed(0)} ${(-25 * scale).toFixed(0)}z" fill="#2f7d32" transform="rotate(${a})"/>`,
    )
    .join('');
  return `<path d="M${x} ${ground} q ${10 * scale} ${-130 * scale} ${-6 * scale} ${-260 * scale}" stroke="#7a5230" stroke-width="${14 * scale}" fill="none" stroke-linecap="round"/><g transform="translate(${x - 6 * scale} ${top})">${leaves}</g>`;
}

function bush(x: number, y: number, r: number, color: string): string {
  return `<g fill="${color}"><circle cx="${x}" cy="${y}" r="${r}"/><circle cx="${x + r * 0.9}" cy="${y + r * 0.2}" r="${r * 0.8}"/><circle cx="${x - r * 0.9}" cy="${y + r * 0.25}" r="${r * 0.75}"/></g>`;
}

function house(rand: Rand): string {
  const sky = pick(rand, SKIES);
  const wall = pick(rand, WALLS);
  const roof = pick(rand, ROOFS);
  const accent = pick(rand, ACCENTS);
  const ground = 600;
  const hw = between(rand, 560, 720);
  const hx = (W - hw) / 2 + between(rand, -120, 120);
  const hh = between(rand, 200, 250);
  const top = ground - hh;
  const windows = [0.12, 0.36, 0.7]
    .map((f) => {
      const wx = hx + hw * f;
      return `<rect x="${wx}" y="${top + 50}" width="${hw * 0.14}" height="90" fill="#9fd3f5" stroke="#fff" stroke-width="8"/><line x1="${wx + hw * 0.07}" y1="${top + 50}" x2="${wx + hw * 0.07}" y2="${top + 140}" stroke="#fff" stroke-width="5"/>`;
    })
    .join('');
  const door = `<rect x="${hx + hw * 0.54}" y="${ground - 150}" width="${hw * 0.11}" height="150" fill="${accent}"/><circle cx="${hx + hw * 0.63}" cy="${ground - 75}" r="6" fill="#f2d16b"/>`;
  const style = pick(rand, ['gable', 'hip', 'modern'] as const);
  const peak = top - between(rand, 110, 160);
  const roofShape =
    style === 'gable'
      ? `<path d="M${hx - 40} ${top + 10} L${hx + hw / 2} ${peak} L${hx + hw + 40} ${top + 10} Z" fill="${roof}"/>`
      : style === 'hip'
        ? `<path d="M${hx - 40} ${top + 10} L${hx + hw * 0.25} ${peak + 30} L${hx + hw * 0.75} ${peak + 30} L${hx + hw + 40} ${top + 10} Z" fill="${roof}"/>`
        : `<rect x="${hx - 30}" y="${top - 26}" width="${hw + 60}" height="30" fill="${roof}"/><rect x="${hx + hw * 0.1}" y="${top - 150}" width="${hw * 0.5}" height="124" fill="${wall}"/><rect x="${hx + hw * 0.1}" y="${top - 150}" width="${hw * 0.5}" height="124" fill="url(#shade)"/><rect x="${hx + hw * 0.16}" y="${top - 120}" width="${hw * 0.38}" height="64" fill="#9fd3f5" stroke="#fff" stroke-width="8"/><rect x="${hx + hw * 0.08}" y="${top - 170}" width="${hw * 0.54}" height="22" fill="${roof}"/>`;
  const veranda =
    style === 'modern'
      ? ''
      : [0.02, 0.5, 0.96]
          .map(
            (f) =>
              `<rect x="${hx + hw * f - 6}" y="${top + 10}" width="12" height="${hh - 10}" fill="#ffffff" opacity="0.85"/>`,
          )
          .join('');
  const fence = Array.from(
    { length: 33 },
    (_, i) => `<rect x="${i * 40}" y="${ground + 60}" width="12" height="70" fill="#f5f5f0"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(sky)}
    ${skyAndSun(rand)}
    <path d="M0 ${ground - 40} Q ${W * 0.3} ${ground - 110} ${W * 0.6} ${ground - 50} T ${W} ${ground - 60} V ${H} H 0 Z" fill="#9cc47a" opacity="0.7"/>
    <rect y="${ground}" width="${W}" height="${H - ground}" fill="url(#grass)"/>
    <path d="M${hx + hw * 0.54} ${ground} L${hx + hw * 0.45} ${H} H ${hx + hw * 0.8} L ${hx + hw * 0.65} ${ground} Z" fill="#d8c7a5"/>
    ${palm(hx - 90, ground + 10, between(rand, 0.9, 1.2))}
    <rect x="${hx}" y="${top}" width="${hw}" height="${hh}" fill="${wall}"/>
    <rect x="${hx}" y="${top}" width="${hw}" height="${hh}" fill="url(#shade)"/>
    <rect x="${hx}" y="${ground - 18}" width="${hw}" height="18" fill="#b9a68a"/>
    ${roofShape}
    ${windows}${door}${veranda}
    ${palm(hx + hw + 110, ground + 20, between(rand, 0.8, 1.1))}
    ${bush(hx + 40, ground + 5, 34, '#3f7f3a')}${bush(hx + hw - 30, ground + 8, 30, '#4d9a45')}
    ${fence}
  </svg>`;
}

function apartmentBlock(rand: Rand): string {
  const sky = pick(rand, SKIES);
  const wall = pick(rand, WALLS);
  const accent = pick(rand, ACCENTS);
  const ground = 690;
  const floors = 4 + Math.floor(rand() * 4);
  const bw = between(rand, 520, 640);
  const bx = (W - bw) / 2 + between(rand, -150, 150);
  const fh = 78;
  const top = ground - floors * fh - 30;
  const cols = 5;
  const windows: string[] = [];
  for (let f = 0; f < floors; f++) {
    const y = top + 30 + f * fh;
    windows.push(
      `<rect x="${bx - 10}" y="${y + fh - 14}" width="${bw + 20}" height="10" fill="${accent}" opacity="0.9"/>`,
    );
    for (let c = 0; c < cols; c++) {
      const x = bx + 30 + c * ((bw - 60) / cols);
      windows.push(
        `<rect x="${x}" y="${y + 12}" width="${(bw - 60) / cols - 24}" height="${fh - 34}" fill="${rand() > 0.3 ? '#a7d8f7' : '#ffe9a8'}" stroke="#ffffff" stroke-width="4"/>`,
      );
    }
  }
  const neighbour = `<rect x="${bx + bw + 40}" y="${ground - 260}" width="220" height="260" fill="#d7d2c8"/><rect x="${bx - 300}" y="${ground - 200}" width="240" height="200" fill="#cfc8bb"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(sky)}
    ${skyAndSun(rand)}
    ${neighbour}
    <rect x="${bx}" y="${top}" width="${bw}" height="${ground - top}" fill="${wall}"/>
    <rect x="${bx}" y="${top}" width="${bw}" height="${ground - top}" fill="url(#shade)"/>
    <rect x="${bx - 16}" y="${top - 16}" width="${bw + 32}" height="20" fill="#8d8d8d"/>
    ${windows.join('')}
    <rect x="${bx + bw / 2 - 50}" y="${ground - 110}" width="100" height="110" fill="#6b4f3a"/>
    <rect y="${ground}" width="${W}" height="${H - ground}" fill="#9a9a94"/>
    <rect y="${ground}" width="${W}" height="14" fill="#c9c4b8"/>
    ${palm(bx - 60, ground + 5, 1)}${palm(bx + bw + 60, ground + 5, 0.9)}
    ${bush(bx + 40, ground, 28, '#3f7f3a')}${bush(bx + bw - 40, ground, 26, '#4d9a45')}
  </svg>`;
}

function plot(rand: Rand): string {
  const sky = pick(rand, SKIES);
  const horizon = between(rand, 380, 460);
  const soil = pick(rand, ['#c2a16d', '#b9905a', '#caa978', '#a67c52']);
  const hills = `<path d="M0 ${horizon} Q ${W * 0.2} ${horizon - between(rand, 80, 160)} ${W * 0.45} ${horizon - 20} T ${W} ${horizon - between(rand, 40, 120)} V ${horizon + 10} H 0 Z" fill="#6f9a6a" opacity="0.8"/>`;
  const trees = Array.from({ length: 6 }, () => {
    const x = between(rand, 0, W);
    return `<g><rect x="${x - 4}" y="${horizon - 40}" width="8" height="40" fill="#6b4a2b"/><ellipse cx="${x}" cy="${horizon - 52}" rx="${between(rand, 30, 55)}" ry="22" fill="#3e7a3a"/></g>`;
  }).join('');
  const beacons = [
    [260, 700],
    [1020, 700],
    [420, horizon + 60],
    [860, horizon + 60],
  ]
    .map(
      ([x, y]) =>
        `<g><rect x="${x! - 9}" y="${y! - 30}" width="18" height="34" fill="#e8e3d5" stroke="#555" stroke-width="2"/><rect x="${x! - 9}" y="${y! - 30}" width="18" height="10" fill="#d62828"/></g>`,
    )
    .join('');
  const grassTufts = Array.from({ length: 60 }, () => {
    const x = between(rand, 0, W);
    const y = between(rand, horizon + 20, H);
    return `<path d="M${x} ${y} l -6 -16 M${x} ${y} l 0 -20 M${x} ${y} l 6 -16" stroke="#5f8f3f" stroke-width="3"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(sky)}
    ${skyAndSun(rand)}
    ${hills}${trees}
    <rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#grass)"/>
    <path d="M260 700 L420 ${horizon + 60} L860 ${horizon + 60} L1020 700 Z" fill="${soil}" opacity="0.55"/>
    <path d="M0 ${H} L ${W * 0.38} ${horizon + 20} L ${W * 0.42} ${horizon + 20} L 200 ${H} Z" fill="#d9c49a"/>
    ${grassTufts}${beacons}
    ${palm(1150, 620, 0.9)}${bush(120, 560, 40, '#477f3c')}
  </svg>`;
}

function room(rand: Rand, furniture: string, floorColor: string, wall: string): string {
  const sky = pick(rand, SKIES);
  const floorY = 560;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(sky, `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${floorColor}"/><stop offset="1" stop-color="#6d5540"/></linearGradient>`)}
    <rect width="${W}" height="${floorY}" fill="${wall}"/>
    <rect width="${W}" height="${floorY}" fill="url(#shade)" opacity="0.6"/>
    <rect y="${floorY}" width="${W}" height="${H - floorY}" fill="url(#floor)"/>
    <rect y="${floorY - 14}" width="${W}" height="14" fill="#ffffff" opacity="0.7"/>
    ${furniture}
  </svg>`;
}

function windowFrame(x: number, y: number, w: number, h: number): string {
  return `<g><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#sky)" stroke="#fff" stroke-width="12"/><line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#fff" stroke-width="8"/><rect x="${x - 30}" y="${y - 20}" width="40" height="${h + 60}" fill="#c98d26" opacity="0.6"/><rect x="${x + w - 10}" y="${y - 20}" width="40" height="${h + 60}" fill="#c98d26" opacity="0.6"/></g>`;
}

function bedroom(rand: Rand): string {
  const accent = pick(rand, ACCENTS);
  const wx = between(rand, 80, 300);
  const furniture = `${windowFrame(wx, 120, 260, 240)}
    <rect x="560" y="300" width="520" height="60" rx="10" fill="#6b4a2b"/>
    <rect x="540" y="420" width="560" height="170" rx="16" fill="#7a5534"/>
    <rect x="560" y="380" width="520" height="120" rx="20" fill="#ffffff"/>
    <rect x="560" y="430" width="520" height="140" rx="16" fill="${accent}"/>
    <rect x="600" y="360" width="170" height="70" rx="24" fill="#f4f1ea"/>
    <rect x="870" y="360" width="170" height="70" rx="24" fill="#f4f1ea"/>
    <rect x="1110" y="430" width="110" height="130" fill="#8a6a4a"/><rect x="1140" y="360" width="12" height="70" fill="#444"/><path d="M1110 360 h80 l-20 -50 h-40z" fill="#ffe7a3"/>
    <ellipse cx="760" cy="720" rx="330" ry="60" fill="${pick(rand, ACCENTS)}" opacity="0.5"/>`;
  return room(rand, furniture, pick(rand, FLOORS), pick(rand, INTERIOR_WALLS));
}

function livingRoom(rand: Rand): string {
  const sofa = pick(rand, ACCENTS);
  const furniture = `${windowFrame(between(rand, 760, 940), 110, 280, 250)}
    <rect x="120" y="150" width="300" height="180" fill="#ffffff" stroke="#8a6a4a" stroke-width="10"/><path d="M140 310 l70 -90 l60 60 l40 -40 l90 70z" fill="#7fb85a"/>
    <rect x="100" y="420" width="620" height="170" rx="30" fill="${sofa}"/>
    <rect x="100" y="370" width="620" height="110" rx="30" fill="${sofa}" opacity="0.85"/>
    <rect x="70" y="420" width="70" height="170" rx="24" fill="${sofa}"/><rect x="680" y="420" width="70" height="170" rx="24" fill="${sofa}"/>
    <rect x="170" y="395" width="120" height="80" rx="18" fill="#f6e7c8"/><rect x="520" y="395" width="120" height="80" rx="18" fill="#f6e7c8"/>
    <ellipse cx="520" cy="740" rx="420" ry="70" fill="${pick(rand, ACCENTS)}" opacity="0.45"/>
    <rect x="380" y="640" width="300" height="24" rx="6" fill="#6b4a2b"/><rect x="400" y="664" width="16" height="50" fill="#6b4a2b"/><rect x="644" y="664" width="16" height="50" fill="#6b4a2b"/>
    <rect x="1000" y="420" width="200" height="150" fill="#5c4634"/><rect x="1010" y="300" width="180" height="110" fill="#1d1d1d"/>
    <path d="M1220 560 q -20 -120 10 -200 q 30 80 10 200z" fill="#3e7a3a"/><rect x="1200" y="540" width="50" height="50" fill="#b5651d"/>`;
  return room(rand, furniture, pick(rand, FLOORS), pick(rand, INTERIOR_WALLS));
}

function kitchen(rand: Rand): string {
  const cabinet = pick(rand, ['#ffffff', '#2a9d8f', '#264653', '#c98d26', '#8ab17d', '#e9c46a']);
  const doors = Array.from(
    { length: 6 },
    (_, i) =>
      `<rect x="${110 + i * 150}" y="140" width="130" height="160" rx="6" fill="${cabinet}" stroke="#00000022" stroke-width="4"/><rect x="${110 + i * 150}" y="430" width="130" height="150" rx="6" fill="${cabinet}" stroke="#00000022" stroke-width="4"/>`,
  ).join('');
  const tiles = Array.from(
    { length: 24 },
    (_, i) =>
      `<rect x="${100 + i * 45}" y="320" width="42" height="80" fill="#ffffff" opacity="${0.35 + (i % 3) * 0.1}"/>`,
  ).join('');
  const furniture = `${doors}${tiles}
    <rect x="90" y="400" width="1100" height="34" fill="#d9d4cc"/>
    <rect x="560" y="360" width="150" height="40" rx="4" fill="#2b2b2b"/><circle cx="600" cy="380" r="12" fill="#555"/><circle cx="670" cy="380" r="12" fill="#555"/>
    <rect x="330" y="370" width="130" height="34" rx="6" fill="#b8c4cc"/><path d="M395 370 v -40 h 30" stroke="#777" stroke-width="8" fill="none"/>
    <rect x="1110" y="140" width="140" height="440" rx="10" fill="#e6e8ea" stroke="#bbb" stroke-width="4"/><rect x="1125" y="260" width="10" height="60" fill="#999"/>
    <circle cx="880" cy="370" r="26" fill="#e63946"/><circle cx="920" cy="378" r="18" fill="#f4a261"/><circle cx="850" cy="380" r="16" fill="#2a9d8f"/>`;
  return room(
    rand,
    furniture,
    pick(rand, ['#d9d4cc', '#bfb7aa', '#e6e0d4']),
    pick(rand, INTERIOR_WALLS),
  );
}

function bathroom(rand: Rand): string {
  const tile = pick(rand, ['#dff1f6', '#e8f0e6', '#f3ece1', '#e3e7f4']);
  const grid =
    Array.from(
      { length: 16 },
      (_, i) =>
        `<line x1="${i * 80}" y1="0" x2="${i * 80}" y2="560" stroke="#ffffff" stroke-width="4"/>`,
    ).join('') +
    Array.from(
      { length: 8 },
      (_, i) =>
        `<line x1="0" y1="${i * 80}" x2="${W}" y2="${i * 80}" stroke="#ffffff" stroke-width="4"/>`,
    ).join('');
  const furniture = `${grid}
    <rect x="140" y="120" width="220" height="280" rx="18" fill="#cfe8f3" stroke="#bbb" stroke-width="8"/>
    <rect x="120" y="400" width="260" height="40" rx="8" fill="#ffffff"/><rect x="200" y="440" width="100" height="140" fill="#f1f1f1"/>
    <path d="M600 560 h160 v-60 a80 40 0 0 0 -160 0z" fill="#ffffff" stroke="#ccc" stroke-width="4"/><rect x="610" y="380" width="140" height="100" rx="12" fill="#ffffff" stroke="#ccc" stroke-width="4"/>
    <rect x="900" y="60" width="300" height="500" fill="#e9f4f7" opacity="0.7" stroke="#bbb" stroke-width="6"/><circle cx="1050" cy="130" r="36" fill="#c0c0c0"/><path d="M1050 94 v -40" stroke="#999" stroke-width="10"/>
    <rect x="440" y="250" width="100" height="14" fill="#c0c0c0"/><rect x="450" y="264" width="80" height="120" fill="${pick(rand, ACCENTS)}"/>`;
  return room(rand, furniture, pick(rand, ['#d6d3ce', '#bcc5cc', '#e2dcd3']), tile);
}

const DRAW: Record<SceneKind, (rand: Rand) => string> = {
  house,
  'apartment-block': apartmentBlock,
  plot,
  bedroom,
  'living-room': livingRoom,
  kitchen,
  bathroom,
};

/** An SVG document of `kind`, varied by `seed`. */
export function sceneSvg(kind: SceneKind, seed: number): string {
  return DRAW[kind](createRandom(seed * 7919 + SCENE_KINDS.indexOf(kind) * 104729));
}
