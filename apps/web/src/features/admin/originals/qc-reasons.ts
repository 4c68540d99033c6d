/**
 * The upload checks' reason codes (server: modules/analysis/reasons.ts) as operators read them in
 * a filter: short, since the customer-facing sentence is shown on each photo anyway.
 */
export const QC_REASONS = [
  { value: 'no_face', label: 'No face' },
  { value: 'multiple_faces', label: 'Someone else in it' },
  { value: 'face_too_small', label: 'Face too small' },
  { value: 'face_turned', label: 'Face turned away' },
  { value: 'eyes_closed', label: 'Eyes closed' },
  { value: 'head_tilted', label: 'Head tilted too far' },
  { value: 'blurry', label: 'Blurry' },
  { value: 'too_dark', label: 'Too dark' },
  { value: 'overexposed', label: 'Overexposed' },
  { value: 'low_resolution', label: 'Low resolution' },
  { value: 'duplicate', label: 'Duplicate' },
  { value: 'different_person', label: 'Different person' },
  { value: 'unreadable', label: 'Unreadable' },
  { value: 'small_for_close_ups', label: 'Small for close-ups (note)' },
] as const;

export const QC_VERDICTS = [
  { value: 'pending', label: 'Being checked' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'rejected', label: 'Rejected' },
] as const;

export function reasonLabel(code: string): string {
  return QC_REASONS.find((r) => r.value === code)?.label ?? code.replace(/_/g, ' ');
}
