/** A mail as features hand it to the Mailer; the sender comes from settings.meta at send time. */
export type MailMessage = { to: string; subject: string; html: string; text: string };

export type Sender = { name: string; address: string };
