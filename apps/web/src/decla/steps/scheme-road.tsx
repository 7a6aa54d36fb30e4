/**
 * Draws a scheme template's road (the domain's `schemeLayout`: surfaces, painted lines and arrows,
 * bays, vehicles that are not one of the two) on the scheme's canvas. Nothing here listens to input.
 */
import { Arrow, Circle, Group, Line, Rect } from 'react-konva';
import type { SchemeLineStyle, SchemeShape, SchemeSurface } from '@eid/domain';

const SURFACE: Readonly<Record<SchemeSurface, string>> = { asphalt: '#9aa3ab', pavement: '#cfd4d8', island: '#7cb342' };
const PAINT = '#ffffff';

function lineStyle(style: SchemeLineStyle) {
  if (style === 'dashed') return { stroke: PAINT, strokeWidth: 4, dash: [24, 18] };
  if (style === 'give-way') return { stroke: PAINT, strokeWidth: 8, dash: [14, 10] };
  return { stroke: PAINT, strokeWidth: 4 };
}

function Shape({ s }: { s: SchemeShape }) {
  switch (s.kind) {
    case 'area':
      return <Rect x={s.x} y={s.y} width={s.w} height={s.h} fill={SURFACE[s.surface]} />;
    case 'disc':
      return <Circle x={s.x} y={s.y} radius={s.r} fill={SURFACE[s.surface]} stroke={s.surface === 'island' ? PAINT : undefined} strokeWidth={s.surface === 'island' ? 4 : 0} />;
    case 'polygon':
      return <Line points={[...s.points]} closed fill={SURFACE[s.surface]} />;
    case 'line':
      return <Line points={[...s.points]} {...lineStyle(s.style)} />;
    case 'circle-line':
      return <Circle x={s.x} y={s.y} radius={s.r} {...lineStyle(s.style)} />;
    case 'bay':
      return <Rect x={s.x} y={s.y} width={s.w} height={s.h} stroke={PAINT} strokeWidth={3} />;
    case 'lane-arrow': {
      const end = s.turn === 'straight' ? [30, 0] : [10, s.turn === 'right' ? 28 : -28];
      return (
        <Group x={s.x} y={s.y} rotation={s.rotation} opacity={0.9}>
          {s.turn === 'straight' ? null : <Line points={[-30, 0, 10, 0]} stroke={PAINT} strokeWidth={8} />}
          <Arrow points={s.turn === 'straight' ? [-30, 0, ...end] : [10, 0, ...end]} stroke={PAINT} fill={PAINT} strokeWidth={8} pointerLength={16} pointerWidth={22} />
        </Group>
      );
    }
    case 'other-vehicle':
      return (
        <Group x={s.x} y={s.y} rotation={s.rotation}>
          <Rect x={-45} y={-24} width={90} height={48} cornerRadius={10} fill="#6b7280" stroke="#1b1f23" strokeWidth={2} />
          <Rect x={10} y={-18} width={20} height={36} cornerRadius={4} fill="#9ca3af" />
        </Group>
      );
    case 'door':
      return <Line points={[...s.points]} stroke="#1b1f23" strokeWidth={8} lineCap="round" />;
  }
}

export function SchemeRoad({ shapes }: { shapes: readonly SchemeShape[] }) {
  return (
    <>
      {shapes.map((s, i) => (
        <Shape key={i} s={s} />
      ))}
    </>
  );
}
