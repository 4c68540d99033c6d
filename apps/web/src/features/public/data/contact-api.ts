import { pb } from '../../../lib/pb';

export type ContactMessage = { name: string; email: string; topic: string; message: string };

/** Sends a message to the team behind the service (anyone may, signed in or not). */
export function sendContactMessage(message: ContactMessage) {
  return pb.collection('contact_messages').create(message);
}
