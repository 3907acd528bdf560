import { FormInput, grouped, SaleStatusBadge } from '@prelaunch/ui';
import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { errorText, groupDigits, LIMIT_FIELDS, SUPPLY_FIELDS, ungroupDigits, type SectionProps } from '../form';

/** One card of the settings page with its heading. */
export function SettingsCard({ id, title, hint, children }: { id: string; title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <section className="card border-0 shadow-sm mb-4" aria-labelledby={`${id}-title`}>
      <div className="card-body p-3 p-md-4">
        <h2 id={`${id}-title`} className="h5 mb-1">
          {title}
        </h2>
        {hint ? <p className="small text-body-secondary mb-3">{hint}</p> : <div className="mb-3" />}
        {children}
      </div>
    </section>
  );
}

/** Props of a text field bound to one path of the form. */
const decimalInput = { inputMode: 'decimal' as const, autoComplete: 'off' };

export function PriceSection({ form, update, errors }: SectionProps) {
  return (
    <SettingsCard id="token-price" title="Price and fees" hint="The price applies when no round is defined; with rounds, the current round's price applies.">
      <div className="row g-3">
        <div className="col-12 col-md-6">
          <FormInput
            label="Token name"
            value={form.name}
            error={errorText(errors, 'name')}
            onChange={(e) => update((f) => ({ ...f, name: e.target.value }))}
            className="mb-0"
          />
        </div>
        <div className="col-12 col-md-6">
          <FormInput label="Symbol" value={form.symbol} readOnly hint="The symbol cannot be changed." error={errorText(errors, 'symbol')} className="mb-0" />
        </div>
        <div className="col-12 col-md-4">
          <FormInput
            label="Price (₹ per token)"
            value={form.price}
            {...decimalInput}
            error={errorText(errors, 'price')}
            onChange={(e) => update((f) => ({ ...f, price: e.target.value }))}
            className="mb-0"
          />
        </div>
        <div className="col-12 col-sm-6 col-md-4">
          <FormInput
            label="Platform charge (%)"
            value={form.platformChargePercent}
            {...decimalInput}
            error={errorText(errors, 'platformChargePercent')}
            onChange={(e) => update((f) => ({ ...f, platformChargePercent: e.target.value }))}
            className="mb-0"
          />
        </div>
        <div className="col-12 col-sm-6 col-md-4">
          <FormInput
            label="Referral (%)"
            value={form.referralPercent}
            {...decimalInput}
            error={errorText(errors, 'referralPercent')}
            onChange={(e) => update((f) => ({ ...f, referralPercent: e.target.value }))}
            className="mb-0"
          />
        </div>
      </div>
    </SettingsCard>
  );
}

export function SupplySection({ form, update, errors }: SectionProps) {
  return (
    <SettingsCard id="token-supply" title="Supply" hint="Whole tokens. The remaining private supply is worked out by the server: private supply less what is sold or reserved.">
      <div className="row g-3">
        {SUPPLY_FIELDS.map((s) => (
          <div key={s.key} className="col-12 col-sm-6 col-xl-4">
            <FormInput
              label={s.label}
              value={groupDigits(form.supply[s.key])}
              inputMode="numeric"
              autoComplete="off"
              error={errorText(errors, `supply.${s.key}`)}
              onChange={(e) => update((f) => ({ ...f, supply: { ...f.supply, [s.key]: ungroupDigits(e.target.value) } }))}
              className="mb-0"
            />
          </div>
        ))}
        <div className="col-12 col-sm-6 col-xl-4">
          <div className="small fw-semibold mb-2">Remaining private supply</div>
          <div className="fs-5 fw-bold" data-testid="remaining-supply">
            {grouped(form.remainingPrivateSupply)}
          </div>
        </div>
      </div>
    </SettingsCard>
  );
}

export function SaleSection({ form, update, errors }: SectionProps) {
  return (
    <SettingsCard id="token-sale" title="Sale window and limits" hint="Leave a time empty for no start or no end, and a limit empty for no limit. Times are in your time zone.">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className="small fw-semibold">Status now:</span>
        <SaleStatusBadge status={form.sale.status} />
        <span className="small text-body-secondary">(as of the last load; it follows the window, the pause and what is left)</span>
      </div>
      <div className="row g-3">
        <div className="col-12 col-md-6">
          <FormInput
            label="Sale starts at"
            type="datetime-local"
            value={form.sale.startsAt}
            error={errorText(errors, 'sale.startsAt')}
            onChange={(e) => update((f) => ({ ...f, sale: { ...f.sale, startsAt: e.target.value } }))}
            className="mb-0"
          />
        </div>
        <div className="col-12 col-md-6">
          <FormInput
            label="Sale ends at"
            type="datetime-local"
            value={form.sale.endsAt}
            error={errorText(errors, 'sale.endsAt')}
            onChange={(e) => update((f) => ({ ...f, sale: { ...f.sale, endsAt: e.target.value } }))}
            className="mb-0"
          />
        </div>
        <div className="col-12">
          <Form.Check
            type="switch"
            role="switch"
            id="sale-paused"
            label="Pause the sale (buyers cannot place orders while paused)"
            checked={form.sale.paused}
            onChange={(e) => update((f) => ({ ...f, sale: { ...f.sale, paused: e.target.checked } }))}
          />
        </div>
        {LIMIT_FIELDS.map((l) => (
          <div key={l.key} className="col-12 col-sm-6 col-xl-3">
            <FormInput
              label={l.key === 'kycNameMatchMin' ? `${l.label} (1-100)` : `${l.label} (₹)`}
              value={form.limits[l.key]}
              inputMode={l.key === 'kycNameMatchMin' ? 'numeric' : 'decimal'}
              autoComplete="off"
              placeholder={l.key === 'kycNameMatchMin' ? '80' : 'No limit'}
              hint={l.key === 'kycNameMatchMin' ? 'The KYC review warns when the name on the PAN matches the e-KYC name less.' : undefined}
              error={errorText(errors, `limits.${l.key}`)}
              onChange={(e) => update((f) => ({ ...f, limits: { ...f.limits, [l.key]: e.target.value } }))}
              className="mb-0"
            />
          </div>
        ))}
      </div>
    </SettingsCard>
  );
}

/** The company's GST registration; without a GSTIN no tax invoices are issued. */
export function TaxSection({ form, update, errors }: SectionProps) {
  const set = (key: 'gstin' | 'legalName' | 'address' | 'gstRatePercent', value: string) =>
    update((f) => ({ ...f, tax: { ...f.tax, [key]: value } }));
  return (
    <SettingsCard
      id="token-tax"
      title="Tax invoices"
      hint={
        form.tax.invoicesOn
          ? 'A GST tax invoice of the platform charge is issued at each approval, and a credit note when an invoiced purchase is refunded.'
          : 'No GSTIN is set, so no tax invoices are issued. Enter the GSTIN and legal name to start issuing them at each approval.'
      }
    >
      <div className="row g-3">
        <div className="col-12 col-md-6">
          <FormInput
            label="GSTIN"
            value={form.tax.gstin}
            autoComplete="off"
            hint="15 characters, e.g. 27AAPFU0939F1ZV. Leave empty to issue no invoices."
            error={errorText(errors, 'tax.gstin')}
            onChange={(e) => set('gstin', e.target.value)}
            className="mb-0"
          />
        </div>
        <div className="col-12 col-md-6">
          <FormInput
            label="Legal name"
            value={form.tax.legalName}
            error={errorText(errors, 'tax.legalName')}
            onChange={(e) => set('legalName', e.target.value)}
            className="mb-0"
          />
        </div>
        <div className="col-12 col-md-8">
          <FormInput
            label="Supplier address (printed on invoices)"
            value={form.tax.address}
            error={errorText(errors, 'tax.address')}
            onChange={(e) => set('address', e.target.value)}
            className="mb-0"
          />
        </div>
        <div className="col-12 col-md-4">
          <FormInput
            label="GST rate (%)"
            value={form.tax.gstRatePercent}
            {...decimalInput}
            hint="0 to 28; 18 when left empty."
            error={errorText(errors, 'tax.gstRatePercent')}
            onChange={(e) => set('gstRatePercent', e.target.value)}
            className="mb-0"
          />
        </div>
      </div>
    </SettingsCard>
  );
}
