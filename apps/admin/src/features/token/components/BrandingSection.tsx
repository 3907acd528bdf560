import { FormInput, Spinner } from '@prelaunch/ui';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useUploadImage } from '../api/token';
import { errorText, LOGO_FIELDS, newRowKey, SOCIAL_MEDIA, type LogoKey, type SectionProps, type TokenForm } from '../form';
import { SettingsCard } from './SettingsSections';

/** Images the server stores (never svg). */
const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';

type Branding = TokenForm['branding'];

/**
 * A logo: its preview, an upload button, and the value sent (an uploaded file's link or an https URL).
 * An upload keeps its signed url for the preview, since the plain link needs a signature to be read.
 */
function ImageField({
  label,
  value,
  preview,
  error,
  onChange,
  onUploaded,
}: {
  label: string;
  value: string;
  preview?: string;
  error?: string;
  onChange: (value: string) => void;
  onUploaded: (value: string, preview: string) => void;
}) {
  const upload = useUploadImage();
  const fileId = useId();
  // An https URL, a signed link or a path of the site itself can be shown; a bare upload id cannot.
  const candidate = preview ?? (/^(https:\/\/|\/)/.test(value) && !/^\/api\/v1\/media\/file\/[^?]+$/.test(value) ? value : '');
  const [broken, setBroken] = useState('');
  const shown = candidate && candidate !== broken ? candidate : '';
  return (
    <div className="border rounded-3 p-3 h-100" data-testid={`logo-${label}`}>
      <div className="d-flex align-items-center gap-3 mb-2">
        <div className="pl-logo-preview flex-shrink-0">
          {shown ? (
            <img src={shown} alt={`${label} preview`} onError={() => setBroken(shown)} />
          ) : (
            <span className="small text-body-secondary">{candidate ? 'No preview' : 'None'}</span>
          )}
        </div>
        <div className="min-w-0">
          <div className="fw-semibold">{label}</div>
          <label htmlFor={fileId} className={`btn btn-sm btn-outline-primary mt-1 mb-0 ${upload.isPending ? 'disabled' : ''}`}>
            {upload.isPending ? <Spinner size="sm" label="Uploading..." /> : 'Upload'}
          </label>
          <input
            id={fileId}
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            aria-label={`Upload ${label.toLowerCase()}`}
            disabled={upload.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              upload.mutate(file, { onSuccess: (m) => onUploaded(`/api/v1/media/file/${m.id}`, m.url) });
            }}
          />
          {value ? (
            <button type="button" className="btn btn-sm btn-link text-danger mt-1" onClick={() => onChange('')}>
              Clear
            </button>
          ) : null}
        </div>
      </div>
      <FormInput
        label={`${label} link`}
        size="sm"
        value={value}
        placeholder="https://…"
        error={error}
        onChange={(e) => onChange(e.target.value)}
        className="mb-0"
      />
    </div>
  );
}

export function BrandingSection({ form, update, errors }: SectionProps) {
  const b = form.branding;
  // Signed links of the files uploaded on this screen, by the value they set.
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const setBranding = (change: (b: Branding) => Branding) => update((f) => ({ ...f, branding: change(f.branding) }));
  const setText = (key: keyof Branding, value: string) => setBranding((x) => ({ ...x, [key]: value }));
  const setLogo = (key: LogoKey, value: string) => setBranding((x) => ({ ...x, [key]: value }));

  return (
    <SettingsCard id="token-branding" title="Branding" hint="What buyers see: the logos, the page title and search snippet, the distribution lines and the social links.">
      <div className="row g-3 mb-3">
        {LOGO_FIELDS.map((l) => (
          <div key={l.key} className="col-12 col-md-6 col-xxl-3">
            <ImageField
              label={l.label}
              value={b[l.key]}
              preview={previews[b[l.key]]}
              error={errorText(errors, `branding.${l.key}`)}
              onChange={(v) => setLogo(l.key, v)}
              onUploaded={(v, url) => {
                setPreviews((p) => ({ ...p, [v]: url }));
                setLogo(l.key, v);
              }}
            />
          </div>
        ))}
      </div>
      <div className="row g-3">
        <div className="col-12 col-md-6">
          <FormInput label="Title" value={b.title} error={errorText(errors, 'branding.title')} onChange={(e) => setText('title', e.target.value)} className="mb-0" />
        </div>
        <div className="col-12 col-md-6">
          <FormInput label="Footer note" value={b.footerNote} error={errorText(errors, 'branding.footerNote')} onChange={(e) => setText('footerNote', e.target.value)} className="mb-0" />
        </div>
        <div className="col-12 col-md-6">
          <FormInput label="Meta title" value={b.metaTitle} error={errorText(errors, 'branding.metaTitle')} onChange={(e) => setText('metaTitle', e.target.value)} className="mb-0" />
        </div>
        <div className="col-12 col-md-6">
          <FormInput label="Meta keywords" value={b.metaKeywords} hint="Comma separated." error={errorText(errors, 'branding.metaKeywords')} onChange={(e) => setText('metaKeywords', e.target.value)} className="mb-0" />
        </div>
        <div className="col-12">
          <Form.Group controlId="meta-description">
            <Form.Label>Meta description</Form.Label>
            {/* One line (a meta tag's content): the box only wraps it, and a line break typed or pasted becomes a space. */}
            <Form.Control
              as="textarea"
              rows={2}
              value={b.metaDescription}
              isInvalid={Boolean(errorText(errors, 'branding.metaDescription'))}
              aria-invalid={errorText(errors, 'branding.metaDescription') ? true : undefined}
              onChange={(e) => setText('metaDescription', e.target.value.replace(/[\r\n\u2028\u2029]+/g, ' '))}
            />
            <Form.Control.Feedback type="invalid">{errorText(errors, 'branding.metaDescription')}</Form.Control.Feedback>
          </Form.Group>
        </div>
      </div>

      <h3 className="h6 mt-4">Token distribution</h3>
      <p className="small text-body-secondary">One line each, e.g. “51.3% Public Cell”. Empty lines are dropped.</p>
      <ul className="list-unstyled d-grid gap-2 mb-2" aria-label="Distribution lines">
        {b.tokenDistribution.map((line, i) => (
          <li key={i} className="d-flex gap-2">
            <input
              className="form-control form-control-sm"
              aria-label={`Distribution line ${i + 1}`}
              value={line}
              onChange={(e) => setBranding((x) => ({ ...x, tokenDistribution: x.tokenDistribution.map((l, j) => (j === i ? e.target.value : l)) }))}
            />
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              aria-label={`Remove distribution line ${i + 1}`}
              onClick={() => setBranding((x) => ({ ...x, tokenDistribution: x.tokenDistribution.filter((_, j) => j !== i) }))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setBranding((x) => ({ ...x, tokenDistribution: [...x.tokenDistribution, ''] }))}>
        Add line
      </button>

      <h3 className="h6 mt-4">Social links</h3>
      <p className="small text-body-secondary">Media: {SOCIAL_MEDIA.join(', ')}. Links must start with https://.</p>
      <ul className="list-unstyled d-grid gap-3 mb-2" aria-label="Social links">
        {b.socialLinks.map((s, i) => (
          <li key={s.key} className="row g-2 align-items-start">
            <div className="col-12 col-sm-4 col-lg-3">
              <Form.Select
                size="sm"
                aria-label={`Social link ${i + 1} media`}
                value={s.mediaName}
                isInvalid={Boolean(errorText(errors, `branding.socialLinks.${i}.mediaName`))}
                onChange={(e) =>
                  setBranding((x) => ({ ...x, socialLinks: x.socialLinks.map((l, j) => (j === i ? { ...l, mediaName: e.target.value } : l)) }))
                }
              >
                <option value="">Choose media</option>
                {SOCIAL_MEDIA.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
                {s.mediaName && !(SOCIAL_MEDIA as readonly string[]).includes(s.mediaName) ? <option value={s.mediaName}>{s.mediaName}</option> : null}
              </Form.Select>
              {errorText(errors, `branding.socialLinks.${i}.mediaName`) ? (
                <div className="invalid-feedback d-block">{errorText(errors, `branding.socialLinks.${i}.mediaName`)}</div>
              ) : null}
            </div>
            <div className="col">
              <FormInput
                size="sm"
                aria-label={`Social link ${i + 1} link`}
                placeholder="https://…"
                value={s.link}
                error={errorText(errors, `branding.socialLinks.${i}.link`)}
                onChange={(e) => setBranding((x) => ({ ...x, socialLinks: x.socialLinks.map((l, j) => (j === i ? { ...l, link: e.target.value } : l)) }))}
                className="mb-0"
              />
            </div>
            <div className="col-auto">
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={`Remove social link ${i + 1}`}
                onClick={() => setBranding((x) => ({ ...x, socialLinks: x.socialLinks.filter((_, j) => j !== i) }))}
              >
                ×
              </button>
            </div>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        onClick={() => setBranding((x) => ({ ...x, socialLinks: [...x.socialLinks, { key: newRowKey('social'), mediaName: '', link: '' }] }))}
      >
        Add social link
      </button>
    </SettingsCard>
  );
}
