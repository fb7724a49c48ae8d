import { TextInput } from '@mantine/core';

/** A member's sign-in address: an email keyboard on phones, and the user name password managers fill in. */
export function EmailInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label={label}
      type="email"
      autoComplete="username"
      required
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
