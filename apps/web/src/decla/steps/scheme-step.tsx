/**
 * Step 10: the accident scheme, drawn from a template (declaration-flow §9: 21 templates) with the
 * two vehicles (arrow and trail, trail angle 180 by default), free drawing and undo, exported as a
 * PNG; or a photo of a scheme drawn on paper. Loaded lazily: the canvas library is only needed here.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Arrow, Group, Layer, Line, Rect, Stage, Text } from 'react-konva';
import type Konva from 'konva';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import {
  DEFAULT_TRAILER_ANGLE,
  SCHEME_HEIGHT,
  SCHEME_TEMPLATE_IDS,
  SCHEME_WIDTH,
  schemeLayout,
  STORAGE_KEYS,
  schemeError,
  suggestedTemplates,
  type KeyValuePort,
  type Party,
  type SchemeTemplateId,
} from '@eid/domain';
import { ErrorText, SelectField } from '../fields/fields';
import { useStoredBinary } from '../fields/use-stored-binary';
import { codeOf } from '../session/decla-session';
import { useConnectedDeclaration, useHinted, useParties, useSession } from '../session/session-context';
import { useStepValidity, useStepWaiting } from '../wizard/step-hooks';
import { TEMPLATE_NAMES } from './circumstance-labels';
import { SchemeRoad } from './scheme-road';
import type { StepProps } from '../wizard/step-footer';
import { whileFramesRun } from '../../ui/canvas-blob';

interface DrawnVehicle {
  x: number;
  y: number;
  rotation: number;
  trailAngle: number;
  /** Earlier positions (the path the vehicle came along). */
  previous: Array<{ x: number; y: number }>;
}

/** The editor's objects (kept under schemeObjects), in a 0-1000 × 0-750 coordinate space. */
export interface SchemeModel {
  template: SchemeTemplateId;
  vehicles: Partial<Record<Party, DrawnVehicle>>;
  lines: number[][];
}

const W = SCHEME_WIDTH;
const H = SCHEME_HEIGHT;
const empty = (template: SchemeTemplateId = 'blank'): SchemeModel => ({ template, vehicles: {}, lines: [] });
const objectCount = (m: SchemeModel) => Object.keys(m.vehicles).length + m.lines.length;

/** Where a template's vehicles start (the driver moves them). */
function startPositions(t: SchemeTemplateId): Record<Party, DrawnVehicle> {
  const { starts } = schemeLayout(t);
  const v = (p: Party): DrawnVehicle => ({ ...starts[p], trailAngle: DEFAULT_TRAILER_ANGLE, previous: [] });
  return { A: v('A'), B: v('B') };
}

/** Another road picked: a vehicle placed and not moved since goes to where the new road starts it (SC3). */
function withTemplate(m: SchemeModel, template: SchemeTemplateId): SchemeModel {
  const before = startPositions(m.template);
  const after = startPositions(template);
  const untouched = (p: Party, v: DrawnVehicle) => v.previous.length === 0 && v.x === before[p].x && v.y === before[p].y && v.rotation === before[p].rotation && v.trailAngle === before[p].trailAngle;
  const vehicles: SchemeModel['vehicles'] = {};
  for (const p of ['A', 'B'] as const) {
    const v = m.vehicles[p];
    if (v) vehicles[p] = untouched(p, v) ? after[p] : v;
  }
  return { ...m, template, vehicles };
}

/** A finger's target on screen (WCAG 2.5.5 asks 44 CSS pixels; 48 leaves a margin for rounding): a drawn vehicle is grabbed within it. */
const TOUCH_TARGET_PX = 48;

function Vehicle({ party, v, selected, onSelect, onMove, scale }: { party: Party; v: DrawnVehicle; selected: boolean; onSelect: () => void; onMove: (x: number, y: number) => void; scale: number }) {
  const colour = party === 'A' ? '#0b5394' : '#b45309';
  const rad = (v.trailAngle * Math.PI) / 180;
  // The vehicle is drawn 90 × 48 in the drawing's units (about 31 × 17 px on a phone); it is grabbed within 48 × 48 px at least.
  const hitW = Math.max(90, TOUCH_TARGET_PX / scale);
  const hitH = Math.max(48, TOUCH_TARGET_PX / scale);
  return (
    <Group
      x={v.x}
      y={v.y}
      rotation={v.rotation}
      draggable
      onMouseDown={onSelect}
      onTouchStart={onSelect}
      onDragEnd={(e) => onMove(e.target.x(), e.target.y())}
    >
      <Rect name="vehicle-hit" x={-hitW / 2} y={-hitH / 2} width={hitW} height={hitH} fill="rgba(0,0,0,0)" />
      <Line points={[-40, 0, -40 + Math.cos(rad) * 160, Math.sin(rad) * 160]} stroke={colour} strokeWidth={4} dash={[14, 10]} opacity={0.7} />
      <Rect x={-45} y={-24} width={90} height={48} cornerRadius={10} fill={colour} stroke={selected ? '#fdb813' : '#1b1f23'} strokeWidth={selected ? 6 : 2} />
      <Text text={party} x={-12} y={-16} fontSize={32} fontStyle="bold" fill="#fff" />
      <Arrow points={[45, 0, 110, 0]} stroke={colour} fill={colour} strokeWidth={6} pointerLength={18} pointerWidth={18} />
    </Group>
  );
}

/** The draft on this device (the session's storage: nothing of a practice is kept), else the saved scheme's objects. */
function loadDraft(storage: KeyValuePort, objects: string | null): SchemeModel | null {
  for (const source of [storage.getItem(STORAGE_KEYS.schemeObjects), objects]) {
    if (!source) continue;
    try {
      const m = JSON.parse(source) as SchemeModel;
      if (m && typeof m === 'object' && SCHEME_TEMPLATE_IDS.includes(m.template) && Array.isArray(m.lines)) return m;
    } catch {
      // ignored: a damaged draft starts blank
    }
  }
  return null;
}

export function SchemeStep({ step }: StepProps) {
  const session = useSession();
  const d = useConnectedDeclaration();
  const parties = useParties();
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const hinted = useHinted();
  // A new drawing starts on the road the ticked circumstances suggest.
  const [model, setModel] = useState<SchemeModel>(() => loadDraft(session.storage, d.scheme.objects) ?? empty(suggestedTemplates(parties.flatMap((p) => d.parties[p].conditions))[0]));
  const [history, setHistory] = useState<SchemeModel[]>([]);
  const [selected, setSelected] = useState<Party | null>(null);
  const [pen, setPen] = useState(false);
  // A draft kept on this device that differs from the saved scheme (drawn, then Back) is still to be saved by Next.
  const [dirty, setDirty] = useState(() => {
    const draft = session.storage.getItem(STORAGE_KEYS.schemeObjects);
    return draft !== null && loadDraft(session.storage, null) !== null && draft !== d.scheme.objects;
  });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [scale, setScale] = useState(0.4);
  const stage = useRef<Konva.Stage>(null);
  const box = useRef<HTMLDivElement>(null);
  const [drawing, setDrawing] = useState<number[] | null>(null);

  const suggested = useMemo(() => suggestedTemplates(parties.flatMap((p) => d.parties[p].conditions)), [d, parties]);
  const saved = d.scheme.imageId !== null && !dirty;
  const emptyError = schemeError({ objectCount: objectCount(model), hasPhoto: false });
  // A drawing on screen counts as given: Next saves it (issue 18 item 4), as every other field is kept without a Save button.
  useStepValidity(step, saved || (dirty && emptyError === null));
  useStepWaiting(saving);

  useEffect(() => {
    const resize = () => setScale(Math.min(1, (box.current?.clientWidth ?? 400) / W));
    resize();
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);

  // The saved scheme (maybe the other driver's) as an image.
  const savedImage = useStoredBinary('get-image', d.scheme.imageId).url;

  const change = (next: SchemeModel) => {
    setHistory((h) => [...h.slice(-49), model]);
    setModel(next);
    setDirty(true);
    session.storage.setItem(STORAGE_KEYS.schemeObjects, JSON.stringify(next));
  };

  const placeVehicle = (p: Party) => {
    const start = startPositions(model.template)[p];
    change({ ...model, vehicles: { ...model.vehicles, [p]: model.vehicles[p] ?? start } });
    setSelected(p);
    setPen(false);
  };

  const updateSelected = (patch: (v: DrawnVehicle) => DrawnVehicle) => {
    if (!selected) return;
    const v = model.vehicles[selected];
    if (!v) return;
    change({ ...model, vehicles: { ...model.vehicles, [selected]: patch(v) } });
  };

  const move = (dx: number, dy: number) =>
    updateSelected((v) => ({ ...v, previous: [...v.previous.slice(-9), { x: v.x, y: v.y }], x: Math.min(W, Math.max(0, v.x + dx)), y: Math.min(H, Math.max(0, v.y + dy)) }));

  const point = () => {
    const pos = stage.current?.getPointerPosition();
    return pos ? [pos.x / scale, pos.y / scale] : null;
  };

  const startLine = () => {
    if (!pen) return;
    const p = point();
    if (p) setDrawing(p);
  };
  const extendLine = () => {
    if (!pen || !drawing) return;
    const p = point();
    if (p) setDrawing([...drawing, ...p]);
  };
  const endLine = () => {
    if (drawing && drawing.length >= 4) change({ ...model, lines: [...model.lines, drawing] });
    setDrawing(null);
  };

  /** Renders the drawing and stores it as the declaration's scheme; throws the refusal's code. */
  async function persist() {
    const s = stage.current;
    if (!s) throw Object.assign(new Error('scheme'), { code: 'PREVIEW_SCHEME' });
    setSaving(true);
    setError(null);
    try {
      setSelected(null);
      await new Promise((r) => requestAnimationFrame(r));
      const blob = (await whileFramesRun(s.toBlob({ pixelRatio: 1 / scale, mimeType: 'image/png' }))) as Blob;
      const imageId = await session.upload(blob, 'scheme');
      await session.request('scheme', { imageId, objects: JSON.stringify(model), isPhoto: false });
      setDirty(false);
    } catch (e) {
      setError(codeOf(e));
      throw e;
    } finally {
      setSaving(false);
    }
  }

  async function save() {
    if (emptyError) {
      setError(emptyError);
      return;
    }
    await persist().catch(() => undefined);
  }

  // Next saves the drawing on screen first; a failure keeps the step with its code.
  const pending = useRef<() => Promise<void>>(async () => {});
  useEffect(() => {
    pending.current = async () => {
      if (dirty && emptyError === null) await persist();
    };
  });
  useEffect(() => {
    session.setStepAction('scheme', () => pending.current());
    return () => session.setStepAction('scheme', null);
  }, [session]);

  async function uploadPhoto(file: File | undefined) {
    if (!file) return;
    setSaving(true);
    setError(null);
    try {
      const imageId = await session.upload(file, 'scheme');
      await session.request('scheme', { imageId, objects: null, isPhoto: true });
      // The photo replaces the drawing: the draft on this device is no longer what is kept.
      session.storage.removeItem(STORAGE_KEYS.schemeObjects);
      setHistory([]);
      setModel(empty(model.template));
      setDirty(false);
    } catch (e) {
      setError(codeOf(e));
    } finally {
      setSaving(false);
    }
  }

  const templates = [...suggested, ...SCHEME_TEMPLATE_IDS.filter((id) => !suggested.includes(id))];
  return (
    <section className="step step-scheme">
      <p className="step-lead">
        <Trans>Draw how the accident happened: pick a road, place the vehicles and turn them the way they were going.</Trans>
      </p>
      <SelectField
        id="scheme-template"
        label={t`Road`}
        value={model.template}
        onChange={(v) => change(withTemplate(model, v as SchemeTemplateId))}
        options={templates.map((id) => ({ value: id, label: `${suggested.includes(id) ? '★ ' : ''}${i18n._(TEMPLATE_NAMES[id])}` }))}
      />
      <div className="scheme-tools" role="toolbar" aria-label={t`Drawing tools`}>
        <button type="button" className="button button--secondary" aria-pressed={selected === 'A'} onClick={() => placeVehicle('A')}>
          {t`Vehicle A`}
        </button>
        <button type="button" className="button button--secondary" aria-pressed={selected === 'B'} onClick={() => placeVehicle('B')}>
          {t`Vehicle B`}
        </button>
        <button type="button" className="button button--secondary" aria-pressed={pen} onClick={() => { setPen(!pen); setSelected(null); }}>
          {t`Draw freely`}
        </button>
        <button type="button" className="button button--secondary" disabled={history.length === 0} onClick={() => { const prev = history.at(-1); if (prev) { setModel(prev); setHistory(history.slice(0, -1)); setDirty(true); session.storage.setItem(STORAGE_KEYS.schemeObjects, JSON.stringify(prev)); } }}>
          {t`Undo`}
        </button>
        <button type="button" className="button button--text" disabled={objectCount(model) === 0} onClick={() => change(empty(model.template))}>
          {t`Clear`}
        </button>
      </div>
      {selected && model.vehicles[selected] ? (
        <div className="scheme-tools" role="group" aria-label={t`Move vehicle ${selected}`}>
          <button type="button" className="button button--secondary" onClick={() => updateSelected((v) => ({ ...v, rotation: v.rotation - 15 }))} aria-label={t`Turn left`}>⟲</button>
          <button type="button" className="button button--secondary" onClick={() => updateSelected((v) => ({ ...v, rotation: v.rotation + 15 }))} aria-label={t`Turn right`}>⟳</button>
          <button type="button" className="button button--secondary" onClick={() => move(0, -20)} aria-label={t`Move up`}>↑</button>
          <button type="button" className="button button--secondary" onClick={() => move(0, 20)} aria-label={t`Move down`}>↓</button>
          <button type="button" className="button button--secondary" onClick={() => move(-20, 0)} aria-label={t`Move left`}>←</button>
          <button type="button" className="button button--secondary" onClick={() => move(20, 0)} aria-label={t`Move right`}>→</button>
          <button type="button" className="button button--secondary" onClick={() => updateSelected((v) => ({ ...v, trailAngle: (v.trailAngle + 15) % 360 }))} aria-label={t`Bend the trail`}>↶</button>
        </div>
      ) : null}
      <div
        ref={box}
        className={`scheme-canvas${pen ? ' scheme-canvas--pen' : ''}`}
        tabIndex={0}
        role="application"
        aria-roledescription={t`drawing`}
        aria-label={t`Accident scheme drawing. With a vehicle selected, the arrow keys move it.`}
        onKeyDown={(e) => {
          const k: Record<string, [number, number]> = { ArrowUp: [0, -10], ArrowDown: [0, 10], ArrowLeft: [-10, 0], ArrowRight: [10, 0] };
          const m = k[e.key];
          if (m && selected) {
            e.preventDefault();
            move(m[0], m[1]);
          }
        }}
      >
        <Stage
          ref={stage}
          width={W * scale}
          height={H * scale}
          scaleX={scale}
          scaleY={scale}
          data-testid="scheme-stage"
          onMouseDown={startLine}
          onMouseMove={extendLine}
          onMouseUp={endLine}
          onTouchStart={startLine}
          onTouchMove={extendLine}
          onTouchEnd={endLine}
        >
          <Layer listening={false}>
            <Rect x={0} y={0} width={W} height={H} fill="#eef3e8" />
            <SchemeRoad shapes={schemeLayout(model.template).shapes} />
          </Layer>
          <Layer>
            {model.lines.map((pts, i) => (
              <Line key={i} points={pts} stroke="#1b1f23" strokeWidth={5} lineCap="round" lineJoin="round" listening={false} />
            ))}
            {drawing ? <Line points={drawing} stroke="#1b1f23" strokeWidth={5} lineCap="round" lineJoin="round" listening={false} /> : null}
            {(['A', 'B'] as const).map((p) => {
              const v = model.vehicles[p];
              return v ? (
                <Vehicle
                  key={p}
                  party={p}
                  v={v}
                  selected={selected === p}
                  scale={scale}
                  onSelect={() => !pen && setSelected(p)}
                  onMove={(x, y) => change({ ...model, vehicles: { ...model.vehicles, [p]: { ...v, previous: [...v.previous.slice(-9), { x: v.x, y: v.y }], x, y } } })}
                />
              ) : null;
            })}
          </Layer>
        </Stage>
      </div>
      <div className="scheme-actions">
        <button type="button" className="button" disabled={saving} onClick={() => void save()}>
          {saving ? t`Saving…` : t`Save the scheme`}
        </button>
        <label className="button button--secondary">
          <input className="visually-hidden" type="file" accept="image/*,.heic,.heif" data-testid="scheme-photo" onChange={(e) => void uploadPhoto(e.currentTarget.files?.[0])} />
          {t`Upload a photo of a drawn scheme instead`}
        </label>
      </div>
      {!saved && (hinted || error) ? (
        <div className="step-error" tabIndex={-1}>
          <ErrorText code={error ?? (dirty ? 'PREVIEW_SCHEME' : emptyError ?? 'PREVIEW_SCHEME')} />
        </div>
      ) : null}
      {savedImage && d.scheme.imageId ? (
        <figure className="scheme-saved">
          <img src={savedImage} alt={t`The saved accident scheme`} />
          <figcaption>{saved ? t`Saved.` : t`Saved earlier; Next saves your changes.`}</figcaption>
        </figure>
      ) : null}
    </section>
  );
}
