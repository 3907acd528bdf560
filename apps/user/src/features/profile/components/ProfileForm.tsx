import { FALLBACK, fieldErrors, type BuyerProfile } from '@prelaunch/api';
import { ButtonLabel, FormInput, maskAadhaar, reportError, toastErrors, toastSuccess, useFocusFirstInvalid } from '@prelaunch/ui';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Icon } from '../../../components/Icon';
import { uploadMedia } from '../../media';
import { useUpdateProfile } from '../api/profile';
import { GST_STATES } from '../states';

/** Profile save messages, verbatim. */
const MSG = {
  currentPassword: 'Please enter you current password',
  noFileId: 'Upload succeeded but no file ID received.',
} as const;

const isImageFile = (file: { type: string }) => file.type.startsWith('image/');

interface ProfileFields {
  name: string;
  email: string;
  mobile: string;
  dateOfBirth: string;
  kycDocumentNumber: string;
  referralCode: string;
  state: string;
  password: string;
}

function toForm(p: BuyerProfile): ProfileFields {
  return {
    name: p.name ?? '',
    email: p.email ?? '',
    mobile: p.mobile ?? '',
    // DateOfBirth is ISO; the date part is used.
    dateOfBirth: p.dateOfBirth ? p.dateOfBirth.slice(0, 10) : '',
    kycDocumentNumber: p.kycDocumentNumber ?? '',
    referralCode: p.referralCode ?? '',
    state: p.state ?? '',
    password: '',
  };
}

function toUpdate(f: ProfileFields, imageId: string | undefined) {
  return {
    name: f.name.trim(),
    email: f.email,
    mobile: f.mobile.trim(),
    referralCode: f.referralCode,
    dateOfBirth: f.dateOfBirth,
    profileImageId: imageId,
    kycDocumentNumber: f.kycDocumentNumber.trim(),
    state: f.state,
    password: f.password,
  };
}

/** Profile (/user/profile): avatar, fields and 'Save Changes'. */
export function ProfileForm({ profile, aside }: { profile: BuyerProfile; aside?: ReactNode }) {
  const [editingAadhaar, setEditingAadhaar] = useState(false);
  const [form, setForm] = useState<ProfileFields>(() => toForm(profile));
  const [imageId, setImageId] = useState<string | undefined>();
  const [preview, setPreview] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const set = (k: keyof ProfileFields) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const upload = useMutation({
    mutationFn: uploadMedia,
    onSuccess: (res, file) => {
      const id = res.data?.[0]?.id;
      if (!id) {
        toastErrors([MSG.noFileId]);
        return;
      }
      setImageId(id);
      setPreview(URL.createObjectURL(file));
      toastSuccess('File uploaded successfully');
    },
    onError: (err) => reportError(err, FALLBACK.profilePictureUpload),
  });

  const save = useUpdateProfile(() => {
    setForm((f) => ({ ...f, password: '' }));
    setImageId(undefined);
  });

  // The server's 422, each message beside the field it names; the first refused field is focused.
  const server = fieldErrors(save.error);
  useFocusFirstInvalid(Object.keys(server).length ? save.error : null);

  function onSave(e: FormEvent) {
    e.preventDefault();
    if (!form.password) return toastErrors([MSG.currentPassword]);
    save.mutate(toUpdate(form, imageId));
  }

  function onAvatar(file: File | undefined) {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    if (!isImageFile(file)) {
      toastErrors([FALLBACK.profilePictureUpload]);
      return;
    }
    upload.mutate(file);
  }

  const avatarUrl = preview ?? profile.profileImage?.url ?? null;

  return (
    <div>
      <h1 className="h3 pl-page-title">My Profile</h1>
      <div className="row g-4">
        <div className="col-xl-7">
          <section className="pl-panel p-3 p-md-4">
            <div className="d-flex align-items-center gap-3 mb-4">
              <button
                type="button"
                className="pl-avatar-btn"
                onClick={() => fileRef.current?.click()}
                aria-label="Change profile picture"
                disabled={upload.isPending}
              >
                {avatarUrl ? (
                  <img src={avatarUrl} alt="Profile" width={96} height={96} className="pl-avatar" />
                ) : (
                  <span className="pl-avatar pl-avatar-initial" style={{ width: 96, height: 96, fontSize: 40 }}>
                    {(profile.name || '?').charAt(0).toUpperCase()}
                  </span>
                )}
                <span className="pl-avatar-cam">
                  {upload.isPending ? <span className="spinner-border spinner-border-sm" aria-hidden="true" /> : <Icon name="camera" size={16} />}
                </span>
              </button>
              <input ref={fileRef} type="file" accept="image/*" className="d-none" data-testid="avatar-input" onChange={(e) => onAvatar(e.target.files?.[0])} />
              <div className="min-w-0">
                <div className="fw-bold fs-5 text-truncate">{profile.name}</div>
                <div className="small text-body-secondary">ID: {profile.referralCode}</div>
                {imageId ? <div className="small text-success">New picture ready — save to apply.</div> : null}
              </div>
            </div>

            <form onSubmit={onSave} noValidate aria-label="Profile form">
              <div className="row gx-3">
                <div className="col-md-6"><FormInput label="Name" name="name" autoComplete="name" value={form.name} onChange={set('name')} error={server.name} /></div>
                <div className="col-md-6"><FormInput label="Email" type="email" name="email" value={form.email} readOnly disabled /></div>
                <div className="col-md-6"><FormInput label="Phone" type="tel" name="mobile" autoComplete="tel" value={form.mobile} onChange={set('mobile')} error={server.mobile} /></div>
                <div className="col-md-6"><FormInput label="Date of Birth" type="date" name="dateOfBirth" value={form.dateOfBirth} onChange={set('dateOfBirth')} error={server.dateOfBirth} /></div>
                <div className="col-md-6"><FormInput
                    label="Aadhaar Number"
                    name="kycDocumentNumber"
                    inputMode="numeric"
                    value={editingAadhaar ? form.kycDocumentNumber : maskAadhaar(form.kycDocumentNumber)}
                    hint={editingAadhaar || !form.kycDocumentNumber ? undefined : 'Shown masked; select the field to edit it.'}
                    onFocus={() => setEditingAadhaar(true)}
                    onBlur={() => setEditingAadhaar(false)}
                    onChange={set('kycDocumentNumber')}
                    error={server.kycDocumentNumber}
                  /></div>
                <div className="col-md-6 mb-3">
                  <label htmlFor="profile-state" className="form-label">State (place of supply on invoices)</label>
                  <select
                    id="profile-state"
                    name="state"
                    className={`form-select${server.state ? ' is-invalid' : ''}`}
                    value={form.state}
                    onChange={set('state')}
                    aria-describedby={server.state ? 'profile-state-error' : undefined}
                  >
                    <option value="">Choose your state</option>
                    {GST_STATES.map((s) => (
                      <option key={s.code} value={s.code}>
                        {s.name}
                      </option>
                    ))}
                  </select>
                  {server.state ? <div id="profile-state-error" className="invalid-feedback">{server.state}</div> : null}
                </div>
                <div className="col-md-6"><FormInput label="Referral Code" name="referralCode" value={form.referralCode} readOnly disabled /></div>
                <div className="col-md-6"><FormInput label="Current Password" type="password" name="password" autoComplete="current-password" value={form.password} onChange={set('password')} error={server.password} /></div>
              </div>
              <button type="submit" className="btn pl-btn-gradient fw-semibold px-4" disabled={save.isPending || upload.isPending}>
                <ButtonLabel pending={save.isPending} idle="Save Changes" busy="Saving..." />
              </button>
            </form>
          </section>
        </div>
        <div className="col-xl-5">{aside}</div>
      </div>
    </div>
  );
}
