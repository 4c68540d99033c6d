import type { CouponsRecord } from '@photoshoot/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { toFormError } from '../../../lib/errors';
import type { Package } from '../../../shared/records';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { SelectField, TextField } from '../../../ui/text-field';
import { saveCoupon } from '../data/admin-actions';
import { couponToForm, EMPTY_COUPON, formToBody, type CouponFormValues } from './coupon-form-values';

const APPLIES_TO = [
  { value: 'any', label: 'Everyone' },
  { value: 'individual', label: 'Individual packages' },
  { value: 'team', label: 'Team packages' },
];

/**
 * Creates or edits a coupon in a dialog. The server's field errors (`data.<field>.message`) show
 * under their inputs; the amount input carries `amountOffCents`'s, the percentage `percentOff`'s.
 */
export function CouponFormDialog({
  open,
  coupon,
  packages,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The coupon to edit; null to create one. */
  coupon: CouponsRecord | null;
  packages: Package[];
  onClose: () => void;
  onSaved: (saved: CouponsRecord) => void;
}) {
  const [values, setValues] = useState<CouponFormValues>(EMPTY_COUPON);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    setValues(coupon ? couponToForm(coupon) : EMPTY_COUPON);
    setError(null);
  }, [open, coupon]);

  const set = <K extends keyof CouponFormValues>(key: K, value: CouponFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const currencies = [...new Set(['usd', ...packages.map((p) => p.currency).filter(Boolean)])];
  const fields = error ? toFormError(error).fields : {};
  const formMessage = error ? toFormError(error, 'The coupon could not be saved.').message : '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const body = formToBody(values);
      const saved = await saveCoupon(coupon?.id ?? null, body);
      onSaved(saved);
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next || saving ? undefined : onClose())}
      title={coupon ? `Edit coupon ${coupon.code}` : 'New coupon'}
      description="Customers type the code at checkout; it is matched without regard to case."
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        {formMessage && Object.keys(fields).length === 0 ? <Alert tone="error">{formMessage}</Alert> : null}
        <TextField
          label="Code"
          name="code"
          autoComplete="off"
          value={values.code}
          onChange={(e) => set('code', e.target.value)}
          error={fields.code}
          description="3–40 letters, digits, - or _."
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-zinc-800">Discount</legend>
          <div className="flex gap-4 text-sm">
            {(['percent', 'amount'] as const).map((kind) => (
              <label key={kind} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="discount"
                  className="size-4 accent-brand-600"
                  checked={values.discount === kind}
                  onChange={() => set('discount', kind)}
                />
                {kind === 'percent' ? 'A percentage' : 'A fixed amount'}
              </label>
            ))}
          </div>
          {values.discount === 'percent' ? (
            <TextField
              label="Percent off"
              name="percentOff"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              value={values.percentOff}
              onChange={(e) => set('percentOff', e.target.value)}
              error={fields.percentOff}
            />
          ) : (
            <div className="grid grid-cols-[1fr_7rem] gap-3">
              <TextField
                label="Amount off"
                name="amountOff"
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                value={values.amountOff}
                onChange={(e) => set('amountOff', e.target.value)}
                error={fields.amountOffCents}
              />
              <SelectField
                label="Currency"
                name="currency"
                value={values.currency}
                onChange={(e) => set('currency', e.target.value)}
                options={currencies.map((c) => ({ value: c, label: c.toUpperCase() }))}
                error={fields.currency}
              />
            </div>
          )}
        </fieldset>
        <SelectField
          label="Who can use it"
          name="appliesTo"
          value={values.appliesTo}
          onChange={(e) => set('appliesTo', e.target.value as CouponFormValues['appliesTo'])}
          options={APPLIES_TO}
          error={fields.appliesTo}
        />
        <fieldset aria-describedby="coupon-packages-hint">
          <legend className="text-sm font-medium text-zinc-800">
            Packages <span className="font-normal text-zinc-500">(optional)</span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {packages.map((p) => (
              <label key={p.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={values.packages.includes(p.id)}
                  onChange={(e) =>
                    set(
                      'packages',
                      e.target.checked
                        ? [...values.packages, p.id]
                        : values.packages.filter((id) => id !== p.id),
                    )
                  }
                />
                {p.name}
              </label>
            ))}
          </div>
          <p id="coupon-packages-hint" className="mt-1.5 text-sm text-zinc-500">
            None ticked: every package.
          </p>
          {fields.packages ? <p className="text-sm font-medium text-red-700">{fields.packages}</p> : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Uses allowed"
            name="maxRedemptions"
            type="number"
            inputMode="numeric"
            min={0}
            placeholder="Unlimited"
            value={values.maxRedemptions}
            onChange={(e) => set('maxRedemptions', e.target.value)}
            error={fields.maxRedemptions}
            optional
          />
          <TextField
            label="Expires"
            name="expiresAt"
            type="datetime-local"
            value={values.expiresAt}
            onChange={(e) => set('expiresAt', e.target.value)}
            error={fields.expiresAt}
            optional
          />
        </div>
        <TextField
          label="Note for operators"
          name="description"
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          error={fields.description}
          optional
        />
        <label className="flex items-center gap-2 text-sm font-medium text-zinc-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={values.active}
            onChange={(e) => set('active', e.target.checked)}
          />
          Active (can be used at checkout)
        </label>
        {formMessage && Object.keys(fields).length > 0 ? (
          <p className="text-sm font-medium text-red-700" role="alert">
            {formMessage} Check the fields marked above.
          </p>
        ) : null}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {coupon ? 'Save coupon' : 'Create coupon'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
