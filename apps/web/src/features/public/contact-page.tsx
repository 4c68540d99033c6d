import { useState, type FormEvent } from 'react';
import { PublicPage } from '../../ui/public-page';
import { NO_FORM_ERROR, toFormError } from '../../lib/errors';
import { useFormFields } from '../../lib/use-form-fields';
import { sendContactMessage } from './data/contact-api';
import { useTitle } from '../../lib/use-title';
import { Alert, Button, Card, PageHeader, SelectField, TextAreaField, TextField } from '../../ui';
import { useAuth } from '../../lib/use-auth';
import { CONTACT_TOPICS } from '../../shared/contact-topics';

const TOPICS = [...CONTACT_TOPICS];

function validate(v: { name: string; email: string; message: string }): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!v.name.trim()) fields.name = 'Please tell us your name.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim()))
    fields.email = 'Please enter a valid email address so we can answer.';
  if (v.message.trim().length < 5) fields.message = 'Please write a few words (at least 5 characters).';
  if (v.message.length > 5000) fields.message = 'Please keep it under 5,000 characters.';
  return fields;
}

/** /contact: a message into `contact_messages`, validated here and on the server. */
export function ContactPage() {
  useTitle('Contact us');
  const { user } = useAuth();
  const { values, error, setError, field } = useFormFields({
    name: user?.name ?? '',
    email: user?.email ?? '',
    topic: 'general',
    message: '',
  });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

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
      await sendContactMessage({
        name: values.name.trim(),
        email: values.email.trim(),
        topic: values.topic,
        message: values.message.trim(),
      });
      setSent(true);
    } catch (err) {
      setError(toFormError(err, 'Your message could not be sent. Please try again.'));
    }
    setBusy(false);
  }

  return (
    <PublicPage width="narrow">
      <PageHeader
        title="Contact us"
        description="Questions about a photoshoot, billing, teams or your data — we usually answer within one working day."
      />
      <Card className="p-6 sm:p-8">
        {sent ? (
          <Alert tone="success" title="Thank you, your message is on its way">
            We’ll reply to {values.email}. There is no need to send it again.
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Contact form">
            {error.message ? <Alert tone="error">{error.message}</Alert> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Name" autoComplete="name" required {...field('name')} />
              <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
            </div>
            <SelectField label="Topic" {...field('topic')} options={TOPICS} />
            <TextAreaField label="Message" required {...field('message')} maxLength={5000} />
            <div>
              <Button type="submit" loading={busy} size="lg">
                Send message
              </Button>
            </div>
          </form>
        )}
      </Card>
    </PublicPage>
  );
}
