import { FALLBACK, errorMessage, type BuyerProfile } from '@prelaunch/api';
import { ButtonLabel, FormInput, PageLoader, toastErrors, toastSuccess } from '@prelaunch/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api';
import { Icon } from '../layouts/icons';
import { toastApiError, useQueryErrorToast } from '../lib/toast';
import { isImageFile, MSG } from '../lib/validation';
import { qk, useProfile } from '../queries/user';
import { authTokenAtom } from '../state/auth';

interface ProfileForm {
  name: string;
  email: string;
  mobile: string;
  dateOfBirth: string;
  kycDocumentNumber: string;
  referralCode: string;
  password: string;
}

function toForm(p: BuyerProfile): ProfileForm {
  return {
    name: p.name ?? '',
    email: p.email ?? '',
    mobile: p.mobile ?? '',
    // SPEC §3: dateOfBirth is ISO; the date part is used.
    dateOfBirth: p.dateOfBirth ? p.dateOfBirth.slice(0, 10) : '',
    kycDocumentNumber: p.kycDocumentNumber ?? '',
    referralCode: p.referralCode ?? '',
    password: '',
  };
}

/** SPEC §2 "Profile (/user/profile)". */
export default function Profile() {
  const profile = useProfile();
  useQueryErrorToast(profile.error, 'Error fetching user data');
  if (profile.isLoading) return <PageLoader label="Loading profile..." />;
  if (!profile.data) {
    return <div className="pl-panel p-4">Error fetching user data</div>;
  }
  return <ProfileScreen profile={profile.data} />;
}

function ProfileScreen({ profile }: { profile: BuyerProfile }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ProfileForm>(() => toForm(profile));
  const [imageId, setImageId] = useState<string | undefined>();
  const [preview, setPreview] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const set = (k: keyof ProfileForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const upload = useMutation({
    mutationFn: (file: File) => api.mediaAdd(file),
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
    onError: (err) => {
      console.error(err);
      toastErrors(errorMessage(err, FALLBACK.profilePictureUpload));
    },
  });

  const save = useMutation({
    mutationFn: (f: ProfileForm) =>
      api.profileUpdate({
        name: f.name.trim(),
        email: f.email,
        mobile: f.mobile.trim(),
        referralCode: f.referralCode,
        dateOfBirth: f.dateOfBirth,
        profileImageId: imageId,
        kycDocumentNumber: f.kycDocumentNumber.trim(),
        password: f.password,
      }),
    onSuccess: () => {
      toastSuccess('Profile updated successfully');
      setForm((f) => ({ ...f, password: '' }));
      setImageId(undefined);
      queryClient.invalidateQueries({ queryKey: qk.profile });
    },
    onError: (err) => toastApiError(err, FALLBACK.updateProfile),
  });

  function onSave(e: FormEvent) {
    e.preventDefault();
    if (!form.password) return toastErrors([MSG.currentPassword]);
    save.mutate(form);
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
                <div className="col-md-6"><FormInput label="Name" name="name" autoComplete="name" value={form.name} onChange={set('name')} /></div>
                <div className="col-md-6"><FormInput label="Email" type="email" name="email" value={form.email} readOnly disabled /></div>
                <div className="col-md-6"><FormInput label="Phone" type="tel" name="mobile" autoComplete="tel" value={form.mobile} onChange={set('mobile')} /></div>
                <div className="col-md-6"><FormInput label="Date of Birth" type="date" name="dateOfBirth" value={form.dateOfBirth} onChange={set('dateOfBirth')} /></div>
                <div className="col-md-6"><FormInput label="Aadhaar Number" name="kycDocumentNumber" inputMode="numeric" value={form.kycDocumentNumber} onChange={set('kycDocumentNumber')} /></div>
                <div className="col-md-6"><FormInput label="Referral Code" name="referralCode" value={form.referralCode} readOnly disabled /></div>
                <div className="col-md-6"><FormInput label="Current Password" type="password" name="password" autoComplete="current-password" value={form.password} onChange={set('password')} /></div>
              </div>
              <button type="submit" className="btn pl-btn-gradient fw-semibold px-4" disabled={save.isPending || upload.isPending}>
                <ButtonLabel pending={save.isPending} idle="Save Changes" busy="Saving..." />
              </button>
            </form>
          </section>
        </div>
        <div className="col-xl-5">
          <ChangePassword />
        </div>
      </div>
    </div>
  );
}

/** Password change by emailed code (DESIGN §6): request code → code, current password, new password. */
function ChangePassword() {
  const setToken = useSetAtom(authTokenAtom);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [codeSent, setCodeSent] = useState(false);
  const [otp, setOtp] = useState('');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');

  const sendOtp = useMutation({
    mutationFn: () => api.passwordOtp(),
    onSuccess: () => {
      toastSuccess('OTP successfully send');
      setCodeSent(true);
    },
    onError: (err) => toastApiError(err, FALLBACK.sendPasswordOtp),
  });

  const update = useMutation({
    mutationFn: () => api.passwordUpdate({ otp: otp.trim(), password: current, newPassword: next }),
    onSuccess: () => {
      toastSuccess('Password updated successfully');
      // A password change revokes older sessions on the server (DESIGN §8): sign in again.
      setToken(null);
      queryClient.clear();
      navigate('/', { replace: true });
    },
    onError: (err) => toastApiError(err, FALLBACK.updatePassword),
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!otp.trim() || !current || !next || !confirm) return toastErrors([MSG.fillAll]);
    if (next !== confirm) return toastErrors([MSG.newPasswordsMismatch]);
    update.mutate();
  }

  return (
    <section className="pl-panel p-3 p-md-4">
      <h2 className="h5 fw-bold mb-1">Change Password</h2>
      <p className="small text-body-secondary">We email a verification code to your registered address.</p>
      {!codeSent ? (
        <button type="button" className="btn btn-outline-primary" onClick={() => sendOtp.mutate()} disabled={sendOtp.isPending}>
          <ButtonLabel pending={sendOtp.isPending} idle="Send Verification Code" busy="Sending..." />
        </button>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Change password form">
          <FormInput label="Verification Code" name="otp" inputMode="numeric" autoComplete="one-time-code" value={otp} onChange={(e) => setOtp(e.target.value)} />
          <FormInput label="Current Password" type="password" name="currentPassword" id="cp-current" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
          <FormInput label="New Password" type="password" name="newPassword" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
          <FormInput label="Confirm New Password" type="password" name="confirmNewPassword" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn pl-btn-gradient fw-semibold" disabled={update.isPending}>
              <ButtonLabel pending={update.isPending} idle="Update Password" busy="Updating..." />
            </button>
            <button type="button" className="btn btn-link" onClick={() => sendOtp.mutate()} disabled={sendOtp.isPending}>
              Resend Code
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
