import type { RecordModel } from 'pocketbase';
import type { OriginalPhoto, Package, Payment, Photoshoot, Result, Style } from '../../../shared/records';

/** Records as a superuser reads them: every field, and the relations the back office expands. */

export type AdminUser = RecordModel & { email: string; name: string; verified: boolean };
export type AdminTeam = RecordModel & { name: string };
export type AdminCoupon = RecordModel & { code: string; percentOff: number; amountOffCents: number };

export type AdminPhotoshoot = Photoshoot & {
  isTest: boolean;
  attempts: number;
  expand?: {
    user?: AdminUser;
    package?: Package;
    team?: AdminTeam;
    styles?: Style[];
    coupon?: AdminCoupon;
  };
};

export type AdminResult = Result & {
  user: string;
  review: 'pending' | 'approved' | 'rejected' | '';
  reviewNote: string;
  released: boolean;
  likeness: number;
  replaces: string;
  expand?: { style?: Style; photoshoot?: AdminPhotoshoot };
};

export type AdminPayment = Payment & {
  user: string;
  providerRef: string;
  providerPaymentRef: string;
  refundedAt: string;
};

export type AdminOriginal = OriginalPhoto & { faceCount: number; sharpness: number; brightness: number };

/** A row of the uploads list: an upload with its customer and photoshoot. */
export type ListedOriginal = AdminOriginal & { expand?: { user?: AdminUser; photoshoot?: AdminPhotoshoot } };

/** A row of the payments list: a payment with its customer and what it bought. */
export type PaymentRow = AdminPayment & {
  expand?: { user?: AdminUser; package?: Package; team?: AdminTeam };
};

/** A style with the fields only operators see (hidden from everyone else). */
export type AdminStyle = Style & { prompt: string; negativePrompt: string; expand?: { team?: AdminTeam } };

export type PhotoshootEvent = RecordModel & {
  photoshoot: string;
  fromStatus: string;
  toStatus: string;
  actorKind: 'user' | 'superuser' | 'system';
  reason: string;
};

/** `GET /api/admin/overview`: the contract's types, checked against the server's at compile time. */
export type { AdminOverview, SalesFigures } from '@photoshoot/contract';
