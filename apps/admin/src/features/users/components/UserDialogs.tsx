import { fieldErrors, type AdminUser, type UserRole } from '@prelaunch/api';
import { ConfirmItIsYou, DialogFooter, EMAIL_PATTERN, FormInput, useFocusFirstInvalid } from '@prelaunch/ui';
import { useMemo, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';

const ROLES: UserRole[] = ['USER', 'ADMIN'];

export interface UserForm {
  role: string;
  name: string;
  mobile: string;
  email: string;
  password: string;
}

export type UserErrors = Partial<Record<keyof UserForm, string>>;

/**
 * Add User: all five fields required, email in valid format, mobile free text. Update User: name,
 * mobile and email required (no password, and no role: a role is changed on its own, in
 * ChangeRoleDialog, never as a side effect of fixing a name or a number).
 */
export function validateUser(form: UserForm, mode: 'add' | 'update'): UserErrors {
  const e: UserErrors = {};
  if (mode === 'add' && !ROLES.includes(form.role as UserRole)) e.role = 'Please select a role.';
  if (!form.name.trim()) e.name = 'Name is required.';
  if (!form.mobile.trim()) e.mobile = 'Mobile is required.';
  if (!form.email.trim()) e.email = 'Email is required.';
  else if (!EMAIL_PATTERN.test(form.email.trim())) e.email = 'Enter a valid email address.';
  if (mode === 'add' && !form.password) e.password = 'Password is required.';
  return e;
}

interface Props {
  show: boolean;
  onClose: () => void;
  pending?: boolean;
}

function RoleSelect({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <div className="mb-3">
      <label htmlFor="user-role" className="form-label">
        Role
      </label>
      <select
        id="user-role"
        className={`form-select ${error ? 'is-invalid' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={error ? 'user-role-error' : undefined}
      >
        <option value="">Select Role</option>
        <option value="USER">User</option>
        <option value="ADMIN">Admin</option>
      </select>
      {error ? (
        <div className="invalid-feedback" id="user-role-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

function useUserForm(initial: UserForm) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<UserErrors>({});
  const set = (k: keyof UserForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  return { form, setForm, errors, setErrors, set };
}

/** 'Add New User': Role, Name, Mobile, Email, Password; a close button and 'Add'. Closes on submit. */
export function AddUserDialog({
  show,
  onClose,
  pending,
  onSubmit,
}: Props & { onSubmit: (body: { role: UserRole; name: string; mobile: string; email: string; password: string }) => void }) {
  const { form, setForm, errors, setErrors, set } = useUserForm({ role: '', name: '', mobile: '', email: '', password: '' });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateUser(form, 'add');
    setErrors(found);
    if (Object.keys(found).length) return;
    onSubmit({
      role: form.role as UserRole,
      name: form.name.trim(),
      mobile: form.mobile.trim(),
      email: form.email.trim(),
      password: form.password,
    });
    setForm({ role: '', name: '', mobile: '', email: '', password: '' });
    onClose();
  }

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="add-user-title">
      <form onSubmit={submit} noValidate aria-label="Add New User">
        <Modal.Header closeButton>
          <Modal.Title id="add-user-title" as="h2" className="h5">
            Add New User
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <RoleSelect value={form.role} onChange={set('role')} error={errors.role} />
          <FormInput label="Name" value={form.name} onChange={(e) => set('name')(e.target.value)} error={errors.name} />
          <FormInput label="Mobile" value={form.mobile} onChange={(e) => set('mobile')(e.target.value)} error={errors.mobile} />
          <FormInput label="Email" type="email" value={form.email} onChange={(e) => set('email')(e.target.value)} error={errors.email} />
          <FormInput
            label="Password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => set('password')(e.target.value)}
            error={errors.password}
          />
        </Modal.Body>
        <DialogFooter action="Add" pending={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

export interface UserUpdateBody {
  id: string;
  role?: UserRole;
  name?: string;
  mobile?: string;
  email?: string;
  currentPassword?: string;
  code?: string;
}

/**
 * Update User: Name, Mobile, Email and an Update button. Sends id plus the changed fields (never a
 * role: that is the Change Role dialog). Changing the email asks for the signed-in admin's own password, and their
 * two-factor code when they have it on (`askCode`); the server's refusal (`failure`) is shown
 * beside the field it is about.
 */
export function UpdateUserDialog({
  show,
  onClose,
  pending,
  user,
  askCode,
  failure,
  onSubmit,
}: Props & {
  user: AdminUser;
  askCode?: boolean;
  failure?: unknown;
  onSubmit: (body: UserUpdateBody) => void;
}) {
  const { form, errors, setErrors, set } = useUserForm({
    role: user.role ?? '',
    name: user.name ?? '',
    mobile: user.mobile ?? '',
    email: user.email ?? '',
    password: '',
  });
  const [currentPassword, setCurrentPassword] = useState('');
  const [code, setCode] = useState('');
  const [guard, setGuard] = useState<{ currentPassword?: string; code?: string }>({});
  const emailChanges = form.email.trim().toLowerCase() !== (user.email ?? '').toLowerCase();

  // The server's refusal, each message beside the field its 422 names (until the next submit
  // clears it); the first of them is brought into view.
  const server = useMemo<Record<string, string | undefined>>(() => fieldErrors(failure), [failure]);
  useFocusFirstInvalid(Object.keys(server).length ? server : null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateUser(form, 'update');
    const g: { currentPassword?: string; code?: string } = {};
    if (emailChanges && !currentPassword) g.currentPassword = 'Please enter your current password.';
    if (emailChanges && askCode && !code.trim()) g.code = 'Please enter the code from your authenticator app.';
    setErrors(found);
    setGuard(g);
    if (Object.keys(found).length || Object.keys(g).length) return;
    const body: UserUpdateBody = { id: user.id };
    if (form.name.trim() !== user.name) body.name = form.name.trim();
    if (form.mobile.trim() !== user.mobile) body.mobile = form.mobile.trim();
    if (form.email.trim() !== user.email) body.email = form.email.trim();
    if (emailChanges) {
      body.currentPassword = currentPassword;
      if (askCode) body.code = code.trim();
    }
    onSubmit(body);
  }

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="update-user-title">
      <form onSubmit={submit} noValidate aria-label="Update User">
        <Modal.Header closeButton>
          <Modal.Title id="update-user-title" as="h2" className="h5">
            Update User
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <FormInput label="Name" value={form.name} onChange={(e) => set('name')(e.target.value)} error={errors.name ?? server.name} />
          <FormInput label="Mobile" value={form.mobile} onChange={(e) => set('mobile')(e.target.value)} error={errors.mobile ?? server.mobile} />
          <FormInput label="Email" type="email" value={form.email} onChange={(e) => set('email')(e.target.value)} error={errors.email ?? server.email} />
          {emailChanges ? (
            <fieldset className="border rounded p-3 pb-0 mb-1">
              <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-1">Confirm it is you</legend>
              <p className="small text-body-secondary">
                A new email signs this account out everywhere, and the old address is told.
              </p>
              <ConfirmItIsYou
                password={currentPassword}
                onPassword={setCurrentPassword}
                askCode={askCode}
                code={code}
                onCode={setCode}
                errors={{ password: guard.currentPassword ?? server.currentPassword, code: guard.code ?? server.code }}
              />
            </fieldset>
          ) : null}
        </Modal.Body>
        <DialogFooter action="Update" pending={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

const ROLE_TEXT: Record<UserRole, { label: string; means: string }> = {
  USER: { label: 'Buyer', means: 'buys tokens on the buyer site; listed in User Manage.' },
  ADMIN: { label: 'Admin', means: 'signs in to this admin site and can approve purchases, verify users and change payout details; listed under Admins, not among the buyers.' },
};

/** Change Role: its own dialog (not the name and mobile form), saying what the new role can do. Sends { id, role }. */
export function ChangeRoleDialog({
  show,
  onClose,
  pending,
  user,
  onSubmit,
}: Props & { user: AdminUser; onSubmit: (body: { id: string; role: UserRole }) => void }) {
  const current = (user.role === 'ADMIN' ? 'ADMIN' : 'USER') as UserRole;
  const [role, setRole] = useState<UserRole>(current);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (role !== current) onSubmit({ id: user.id, role });
    else onClose();
  }
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="change-role-title">
      <form onSubmit={submit} noValidate aria-label="Change Role">
        <Modal.Header closeButton>
          <Modal.Title id="change-role-title" as="h2" className="h5">
            Change Role
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-2">
            <span className="fw-semibold">{user.name}</span> <span className="text-body-secondary text-break">({user.email})</span> is now{' '}
            {current === 'ADMIN' ? 'an' : 'a'} {ROLE_TEXT[current].label.toLowerCase()}.
          </p>
          <fieldset>
            <legend className="form-label fs-6">New role</legend>
            {ROLES.map((r) => (
              <div key={r} className="form-check">
                <input
                  className="form-check-input"
                  type="radio"
                  name="role"
                  id={`role-${r}`}
                  value={r}
                  checked={role === r}
                  onChange={() => setRole(r)}
                />
                <label className="form-check-label" htmlFor={`role-${r}`}>
                  {ROLE_TEXT[r].label}
                </label>
              </div>
            ))}
          </fieldset>
          {role !== current ? (
            <div className="alert alert-warning mt-3 mb-0" role="status">
              {ROLE_TEXT[role].label}: {ROLE_TEXT[role].means}
            </div>
          ) : null}
        </Modal.Body>
        <DialogFooter action="Change Role" pending={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
