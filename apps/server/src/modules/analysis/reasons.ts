/** Why an upload was rejected: a stable code for programs and a sentence for the upload page. */
export type QcReasonCode =
  | 'no_face'
  | 'multiple_faces'
  | 'face_too_small'
  | 'face_turned'
  | 'eyes_closed'
  | 'head_tilted'
  | 'blurry'
  | 'too_dark'
  | 'overexposed'
  | 'low_resolution'
  | 'duplicate'
  | 'different_person'
  | 'unreadable'
  | 'small_for_close_ups';

export type QcReason = { code: QcReasonCode; message: string };

const MESSAGES: Record<QcReasonCode, string> = {
  no_face: 'We could not find a face in this photo. Upload a photo where your face is clearly visible.',
  multiple_faces:
    'Someone else is in this photo, at least partly. Upload photos of just you, or crop the others out.',
  face_too_small:
    'Your face is too small in this photo. Move closer or crop it so your face fills more of the frame.',
  face_turned:
    'Your head is turned away, or bent up or down, in this photo. Upload a photo where you face the camera.',
  eyes_closed:
    'Your eyes look closed or cast down in this photo. Upload a photo where you look at the camera with your eyes open.',
  head_tilted:
    'Your head is tilted to one side in this photo, too far (or too close to the edge of the photo) for us to straighten it. Upload a photo where you hold your head upright, with some space around it.',
  blurry: 'This photo is blurry. Upload a sharp photo, with your face in focus.',
  too_dark: 'This photo is too dark. Upload a photo taken in better light.',
  overexposed:
    'This photo is too bright: parts of your face are washed out. Avoid direct flash or strong sunlight.',
  low_resolution: 'This photo is too small. Upload the original photo rather than a thumbnail or screenshot.',
  duplicate: 'You have already uploaded this photo (or one almost identical). Upload a different one.',
  different_person:
    'This photo seems to show a different person from your other photos. Upload photos of one person only.',
  unreadable: 'We could not read this image. Try another photo.',
  // A note on an accepted photo, not a refusal.
  small_for_close_ups:
    'This photo is small for close-ups: portraits made from it are framed wider, and may still look soft. For sharp close-ups, also upload a larger original photo.',
};

export function reason(code: QcReasonCode): QcReason {
  return { code, message: MESSAGES[code] };
}
