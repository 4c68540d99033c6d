/** The public contact form: messages kept for the operators. */
import type { HttpModule } from '../../apis/http-module.js';
import { contactMessages } from './collections/contact-messages.js';
import { registerContactHooks } from './contact-hooks.js';

export const contactModule: HttpModule = {
  name: 'contact',
  collections: [contactMessages],
  register(app) {
    registerContactHooks(app.hooks);
  },
};
