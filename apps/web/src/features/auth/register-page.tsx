import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { FALLBACK, NO_FORM_ERROR, toFormError } from '../../lib/errors';
import { useFormFields } from '../../lib/use-form-fields';
import { safeRedirect } from '../../lib/safe-redirect';
import { useTitle } from '../../lib/use-title';
import { Button, Card, TextField } from '../../ui';
import { register } from './data/auth-actions';
import { FormErrorAlert } from './form-error';

const MIN_PASSWORD = 8;

/** Checks the browser can do before a request; the server checks everything again. */
function validate(v: {
  email: string;
  password: string;
  passwordConfirm: string;
  name: string;
}): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!v.name.trim()) fields.name = 'Please enter your name.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim()))
    fields.email = 'Please enter a valid email address.';
  if (v.password.length < MIN_PASSWORD) fields.password = `Use at least ${MIN_PASSWORD} characters.`;
  if (v.passwordConfirm !== v.password) fields.passwordConfirm = 'The passwords don’t match.';
  return fields;
}

/** /register: email, password and confirmation, name, optional company (defaults to ""). */
export function RegisterPage() {
  useTitle('Create your account');
  const navigate = useNavigate();
  const search = useSearch({ from: '/public/register' });
  const { values, error, setError, field } = useFormFields({
    name: '',
    email: '',
    password: '',
    passwordConfirm: '',
    companyName: '',
  });
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fields = validate(values);
    if (Object.keys(fields).length) {
      setError({ message: 'Please correct the highlighted fields.', fields });
      return;
    }
    setBusy(true);
    setError(NO_FORM_ERROR);
    try {
      await register({
        ...values,
        email: values.email.trim(),
        name: values.name.trim(),
        companyName: values.companyName.trim(),
      });
      void navigate({ to: safeRedirect(search.redirect), replace: true });
    } catch (err) {
      setError(toFormError(err, FALLBACK.register));
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">Create your account</h1>
        <p className="mt-1 text-sm text-zinc-600">
          Already have one?{' '}
          <Link
            to="/login"
            search={{ redirect: search.redirect }}
            className="font-medium text-brand-700 hover:underline"
          >
            Sign in
          </Link>
        </p>
        <form
          onSubmit={submit}
          noValidate
          className="mt-6 flex flex-col gap-4"
          aria-label="Create your account"
        >
          <FormErrorAlert message={error.message} />
          <TextField label="Name" autoComplete="name" required {...field('name')} />
          <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            {...field('password')}
            // The hint gives way to the error, which says the same rule: never both at once.
            description={error.fields.password ? undefined : `At least ${MIN_PASSWORD} characters.`}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            required
            {...field('passwordConfirm')}
          />
          <TextField label="Company" autoComplete="organization" optional {...field('companyName')} />
          <Button type="submit" loading={busy} size="lg">
            Create account
          </Button>
          <p className="text-xs text-zinc-500">
            By creating an account you agree to our{' '}
            <Link to="/terms-of-service" className="underline">
              terms of service
            </Link>{' '}
            and{' '}
            <Link to="/privacy" className="underline">
              privacy policy
            </Link>
            .
          </p>
        </form>
      </Card>
    </div>
  );
}
