import type { RecordModel } from 'pocketbase';
import type { PhotoshootStatus } from './lifecycle';

/** Records of the flow as the server serialises them (apps/server/src/collections). */

export type Photoshoot = RecordModel & {
  user: string;
  team: string;
  title: string;
  /** The person photographed (a `profiles` record of the owner), or ''. */
  profile: string;
  status: PhotoshootStatus;
  package: string;
  styles: string[];
  coupon: string;
  priceCents: number;
  discountCents: number;
  amountDueCents: number;
  currency: string;
  payment: string;
  progress: number;
  stage: string;
  error: string;
  queuedAt: string;
  startedAt: string;
  completedAt: string;
  releasedAt: string;
  redoCount: number;
  rating: number;
  reviewComment: string;
};

export type QcReason = { code: string; message: string };

export type OriginalPhoto = RecordModel & {
  photoshoot: string;
  user: string;
  file: string;
  width: number;
  height: number;
  qc: 'pending' | 'accepted' | 'rejected' | '';
  qcReasons: QcReason[] | null;
};

export type Style = RecordModel & {
  name: string;
  slug: string;
  description: string;
  category: string;
  preview: string;
  backdrop: { kind?: string; colors?: string[]; angle?: number } | null;
  framing: 'headshot' | 'half_body';
  aspect: '1:1' | '4:5' | '3:4' | '2:3';
  sortOrder: number;
  team: string;
};

export type Package = RecordModel & {
  name: string;
  slug: string;
  description: string;
  kind: 'individual' | 'team';
  priceCents: number;
  currency: string;
  stylesIncluded: number;
  imagesPerStyle: number;
  turnaroundHours: number;
  features: string[] | null;
  highlighted: boolean;
  sortOrder: number;
};

export type Result = RecordModel & {
  photoshoot: string;
  style: string;
  variant: number;
  file: string;
  width: number;
  height: number;
  favorite: boolean;
  rating: number;
  redoRequested: boolean;
};

export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'refunded';

export type Payment = RecordModel & {
  photoshoot: string;
  package: string;
  provider: 'sandbox' | 'stripe' | 'free';
  amountCents: number;
  priceCents: number;
  discountCents: number;
  currency: string;
  couponCode: string;
  status: PaymentStatus;
  failureReason: string;
  paidAt: string;
};

export type Quote = {
  priceCents: number;
  discountCents: number;
  amountDueCents: number;
  currency: string;
  coupon?: string | { code: string; [key: string]: unknown };
  /** Part of the discount: a remainder too small for a card payment, waived by the server. */
  waivedCents?: number;
  minimumChargeCents?: number;
};

export type Checkout = { payment: Payment | string; url?: string; paid?: boolean };

/** What the sandbox checkout page shows (GET /api/payments/sandbox/{id}); fields read defensively. */
export type SandboxPayment = {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  photoshoot?: string;
  team?: string;
  description?: string;
  item?: string;
  packageName?: string;
  [key: string]: unknown;
};
