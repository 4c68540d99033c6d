import { backdropCss } from '../../../shared/style-visual';
import { Button } from '../../../ui/button';
import { SelectField, TextField } from '../../../ui/text-field';
import { GRADING_SLIDERS, type StyleFormValues } from './style-form-values';

const FRAMINGS = [
  { value: 'headshot', label: 'Headshot' },
  { value: 'half_body', label: 'Half body' },
];
const ASPECTS = ['4:5', '1:1', '3:4', '2:3'].map((a) => ({ value: a, label: a }));
const BACKDROPS = [
  { value: 'gradient', label: 'Gradient' },
  { value: 'solid', label: 'Solid colour' },
  { value: 'bokeh', label: 'Bokeh (blurred light)' },
  { value: 'image', label: 'Image (team brand backdrop)' },
];
const MAX_COLOURS = 3;

/** Framing, aspect, backdrop and colour grading: what the studio engine renders the style with. */
export function StyleLookFields({
  values,
  errors,
  onChange,
}: {
  values: StyleFormValues;
  errors: Record<string, string>;
  onChange: (patch: Partial<StyleFormValues>) => void;
}) {
  const colours = values.backdropColors;
  const setColour = (i: number, c: string) =>
    onChange({ backdropColors: colours.map((x, j) => (j === i ? c : x)) });
  const backdropError = errors.backdrop;
  return (
    <>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-zinc-900">Framing and backdrop</legend>
        <SelectField
          label="Framing"
          name="framing"
          value={values.framing}
          options={FRAMINGS}
          error={errors.framing}
          onChange={(e) => onChange({ framing: e.target.value })}
        />
        <SelectField
          label="Aspect"
          name="aspect"
          value={values.aspect}
          options={ASPECTS}
          error={errors.aspect}
          onChange={(e) => onChange({ aspect: e.target.value })}
        />
        <SelectField
          label="Backdrop"
          name="backdropKind"
          value={values.backdropKind}
          options={BACKDROPS}
          onChange={(e) => onChange({ backdropKind: e.target.value })}
        />
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <span className="text-sm font-medium text-zinc-800" id="backdrop-colours">
            Backdrop colours
          </span>
          <div className="flex flex-wrap items-center gap-2" role="group" aria-labelledby="backdrop-colours">
            {colours.map((c, i) => (
              <span key={i} className="flex items-center gap-1">
                <input
                  type="color"
                  aria-label={`Colour ${i + 1}`}
                  value={/^#[0-9a-fA-F]{6}$/.test(c) ? c : '#808080'}
                  onChange={(e) => setColour(i, e.target.value)}
                  className="h-11 w-11 cursor-pointer rounded-lg border border-zinc-300 bg-white p-1"
                />
                <input
                  type="text"
                  aria-label={`Colour ${i + 1} as hex`}
                  value={c}
                  maxLength={7}
                  aria-invalid={!/^#[0-9a-fA-F]{6}$/.test(c) || undefined}
                  onChange={(e) => setColour(i, e.target.value.trim())}
                  className="h-11 w-24 rounded-xl border border-zinc-300 px-2 font-mono text-sm"
                />
                {colours.length > 1 ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove colour ${i + 1}`}
                    onClick={() => onChange({ backdropColors: colours.filter((_, j) => j !== i) })}
                  >
                    ×
                  </Button>
                ) : null}
              </span>
            ))}
            {colours.length < MAX_COLOURS ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onChange({ backdropColors: [...colours, colours.at(-1) ?? '#808080'] })}
              >
                Add colour
              </Button>
            ) : null}
          </div>
          {backdropError ? <p className="text-sm font-medium text-red-700">{backdropError}</p> : null}
        </div>
        <div className="flex items-end gap-3">
          <TextField
            label="Angle (°)"
            name="backdropAngle"
            type="number"
            min={0}
            max={360}
            value={values.backdropAngle}
            onChange={(e) => onChange({ backdropAngle: e.target.value })}
          />
          <span
            aria-hidden="true"
            className="mb-0.5 h-10 w-10 shrink-0 rounded-lg border border-zinc-200"
            style={{
              background: backdropCss({
                backdrop: { kind: values.backdropKind, colors: colours, angle: Number(values.backdropAngle) },
              }),
            }}
          />
        </div>
      </fieldset>

      <fieldset className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-zinc-900">Colour grading</legend>
        {GRADING_SLIDERS.map(({ key, label, min }) => (
          <label key={key} className="flex flex-col gap-1 text-sm font-medium text-zinc-800">
            <span className="flex justify-between">
              {label}
              <output className="tabular-nums text-zinc-500">{values.grading[key].toFixed(2)}</output>
            </span>
            <input
              type="range"
              aria-label={label}
              name={`grading.${key}`}
              min={min}
              max={1}
              step={0.05}
              value={values.grading[key]}
              onChange={(e) => onChange({ grading: { ...values.grading, [key]: Number(e.target.value) } })}
              className="accent-brand-600"
            />
          </label>
        ))}
        <label className="flex h-11 items-center gap-2 text-sm font-medium text-zinc-800">
          <input
            type="checkbox"
            name="grading.mono"
            className="size-4 accent-brand-600"
            checked={values.grading.mono}
            onChange={(e) => onChange({ grading: { ...values.grading, mono: e.target.checked } })}
          />
          Black and white
        </label>
        {errors.grading ? (
          <p className="text-sm font-medium text-red-700 sm:col-span-2">{errors.grading}</p>
        ) : null}
      </fieldset>
    </>
  );
}
