/**
 * What "test connection" can say of an Astria configuration once the key is accepted. Astria's
 * documentation gives an account no way to read a gallery tune, so the base tune is not checked:
 * the words say which one is used, and that a tune chosen by hand is the operator's to confirm.
 */
import type { AstriaSettings } from '../hosted-settings.js';
import { baseTuneOf } from './astria-flow.js';

const FAMILY: Record<AstriaSettings['model'], string> = {
  flux1: 'a LoRA on Flux.1 dev',
  sdxl1: 'a LoRA on SDXL 1.0',
  sd15: 'a checkpoint on Realistic Vision 5.1 (SD 1.5)',
};

export function astriaReadiness(s: AstriaSettings): string {
  if (s.mock)
    return (
      'Astria accepted the key, but mock output is on: it returns placeholder images, so this ' +
      'configuration cannot make real portraits.'
    );
  const preset = s.model === 'flux1' ? ` with the ${s.preset} preset` : '';
  const trained = `Each person is trained as ${FAMILY[s.model]} (gallery tune ${baseTuneOf(s)})${preset}.`;
  const chosen = s.baseTuneId
    ? ' Astria offers no way to check a gallery tune in advance: the first photoshoot confirms the tune you chose.'
    : '';
  return `Astria accepted the key. ${trained}${chosen} This configuration can make real portraits.`;
}
