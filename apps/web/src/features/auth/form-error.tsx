import { Alert } from '../../ui';

/** The form-level error sentence; field errors sit under their fields. */
export function FormErrorAlert({ message }: { message?: string }) {
  if (!message) return null;
  return <Alert tone="error">{message}</Alert>;
}
