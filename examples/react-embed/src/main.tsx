import { type FieldProps, FormloomForm } from '@formloom/react';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Where the form lives: set VITE_FORMLOOM_API (your server's origin) and VITE_FORMLOOM_CODE (the
 * form's share code) in `.env.local`, or pass `?api=...&code=...` in the address.
 */
const params = new URLSearchParams(location.search);
const api = params.get('api') ?? import.meta.env.VITE_FORMLOOM_API ?? 'http://localhost:3000';
const code = params.get('code') ?? import.meta.env.VITE_FORMLOOM_CODE ?? '';

/**
 * The app's own component for every `radio` field: a row of toggle buttons instead of radio
 * inputs. It gets the same props as the built-in one (label, value, errors, ids for ARIA) and
 * sets the answer with `onChange`.
 */
function ToggleChoice({ field, id, label, value, onChange, errors, describedBy, required }: FieldProps) {
  return (
    <fieldset
      className="toggle-choice"
      aria-describedby={describedBy}
      aria-invalid={errors ? true : undefined}
    >
      <legend>
        {label}
        {required ? ' *' : ''}
      </legend>
      {(field.options ?? []).map((option, i) => (
        <button
          key={option.value}
          id={`${id}-${i}`}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(value === option.value ? undefined : option.value)}
        >
          {option.label}
        </button>
      ))}
      {errors ? (
        <p id={`${id}-error`} role="alert">
          {errors.join(' ')}
        </p>
      ) : null}
    </fieldset>
  );
}

function App() {
  const [stored, setStored] = useState<string | undefined>();
  if (code === '') return <p>Set VITE_FORMLOOM_CODE to a published form's share code.</p>;
  return (
    <>
      <FormloomForm
        api={api}
        code={code}
        lang={params.get('lang') ?? undefined}
        components={{ radio: ToggleChoice }}
        onSubmitted={(state) => setStored(state.responseId)}
      />
      {stored ? <p id="booked">Booked: {stored}</p> : null}
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
