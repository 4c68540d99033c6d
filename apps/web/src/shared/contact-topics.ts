/** The contact form's topics: the code stored with a message and the words people chose it by. */
export const CONTACT_TOPICS = [
  { value: 'general', label: 'General question' },
  { value: 'support', label: 'Help with my photoshoot' },
  { value: 'billing', label: 'Billing and refunds' },
  { value: 'teams', label: 'Teams and companies' },
  { value: 'privacy', label: 'Privacy and my data' },
  { value: 'press', label: 'Press' },
] as const;

/** The label of a stored topic code; an unknown code is shown as it is. */
export function contactTopicLabel(code: string): string {
  return CONTACT_TOPICS.find((t) => t.value === code)?.label ?? code;
}
