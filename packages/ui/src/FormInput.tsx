import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

export interface FormInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'value'> {
  value?: string | number;
  /** Optional label, wired to the input with htmlFor/id. */
  label?: ReactNode;
  /** Validation text shown under the field; marks it invalid. */
  error?: string;
  /** Small help text under the field. */
  hint?: ReactNode;
  size?: 'sm' | 'lg';
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
      <path d="M16 8s-3-5.5-8-5.5S0 8 0 8s3 5.5 8 5.5S16 8 16 8zM8 11.5A3.5 3.5 0 1 1 8 4.5a3.5 3.5 0 0 1 0 7z" />
      {open ? (
        <circle cx="8" cy="8" r="2" />
      ) : (
        <path d="M1.5 1.5l13 13" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      )}
    </svg>
  );
}

/** Shared form input: an optional label; password fields have a show/hide toggle. */
export function FormInput({ label, error, hint, id, type = 'text', size, className, ...rest }: FormInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const isPassword = type === 'password';
  const [visible, setVisible] = useState(false);
  const feedbackId = error ? `${inputId}-error` : undefined;

  const control = (
    <Form.Control
      id={inputId}
      type={isPassword && visible ? 'text' : type}
      size={size}
      isInvalid={Boolean(error)}
      aria-invalid={error ? true : undefined}
      aria-describedby={feedbackId}
      {...rest}
    />
  );

  return (
    <Form.Group className={className ?? 'mb-3'}>
      {label ? <Form.Label htmlFor={inputId}>{label}</Form.Label> : null}
      {isPassword ? (
        <InputGroup hasValidation size={size}>
          {control}
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            aria-controls={inputId}
            onClick={() => setVisible((v) => !v)}
          >
            <EyeIcon open={visible} />
          </button>
          {error ? (
            <Form.Control.Feedback type="invalid" id={feedbackId}>
              {error}
            </Form.Control.Feedback>
          ) : null}
        </InputGroup>
      ) : (
        <>
          {control}
          {error ? (
            <Form.Control.Feedback type="invalid" id={feedbackId}>
              {error}
            </Form.Control.Feedback>
          ) : null}
        </>
      )}
      {hint ? <Form.Text muted>{hint}</Form.Text> : null}
    </Form.Group>
  );
}
