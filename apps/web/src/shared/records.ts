/**
 * The record types the web app works with, by the names its pages use. They are the contract's
 * generated types (packages/contract), never a copy: a field the server adds or drops shows here.
 */
import type {
  OriginalPhotosRecord,
  PackagesRecord,
  PaymentsRecord,
  PhotoshootsRecord,
  ResultsRecord,
  StylesRecord,
} from '@photoshoot/contract';

export type Photoshoot = PhotoshootsRecord;
export type OriginalPhoto = OriginalPhotosRecord;
export type Style = StylesRecord;
export type Package = PackagesRecord;
export type Result = ResultsRecord;
export type Payment = PaymentsRecord;

export type {
  CheckoutResponse,
  PaymentStatus,
  PhotoshootStatus,
  PublicConfig,
  QcReason,
  QcStatus,
  Quote,
  SandboxOutcome,
  SandboxPayment,
  TeamRole,
} from '@photoshoot/contract';
