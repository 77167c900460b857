// `npm run lint` runs this too: server modules import one way only (docs/ARCHITECTURE.md, rule 5).
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import boundaries from './boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});
const rule = boundaries.rules['module-direction'];
// Lowest first, as eslint.config.js declares the real order.
const options = [{ dir: 'apps/server/src/modules', order: ['email', 'users', 'appointments', 'payments'] }];
const at = (file) => `apps/server/src/modules/${file}`;
const payments = at('payments/payments.service.ts');
const appointments = at('appointments/end-visit.service.ts');

tester.run('module-direction', rule, {
  valid: [
    // Down the order: payments sits above appointments.
    { filename: payments, code: "import { linkHolder } from '../appointments/manage-link.service';", options },
    { filename: appointments, code: "import { enqueueEmails } from '../email/email.service';", options },
    { filename: appointments, code: "export { findUserByLogin } from '../users/users.service';", options },
    // Within a module, and outside the modules.
    { filename: appointments, code: "import { eventRow } from './appointment-access';", options },
    { filename: appointments, code: "import { hashOf } from '../../lib/link-tokens';", options },
    { filename: appointments, code: "import { z } from 'zod';", options },
    // Types run nothing: they may point up the order.
    { filename: appointments, code: "import type { RefundDeps } from '../payments/refunds.service';", options },
    { filename: appointments, code: "import { type RefundCaller } from '../payments/refunds.service';", options },
    { filename: appointments, code: "export type { PaymentDeps } from '../payments/payments.service';", options },
    // A file outside the modules (app.ts, a job) composes them in any order.
    {
      filename: 'apps/server/src/app.ts',
      code: "import { paymentsRoutes } from './modules/payments/payments.routes';",
      options,
    },
  ],
  invalid: [
    // Up the order.
    {
      filename: appointments,
      code: "import { openRefundsOnCancel } from '../payments/refunds.service';",
      options,
      errors: 1,
    },
    {
      filename: at('users/users.service.ts'),
      code: "import { endVisit } from '../appointments/end-visit.service';",
      options,
      errors: 1,
    },
    { filename: appointments, code: "export * from '../payments/pay-link.service';", options, errors: 1 },
    { filename: appointments, code: "const refunds = import('../payments/refunds.service');", options, errors: 1 },
    // A value import beside a type one is still a value import.
    {
      filename: appointments,
      code: "import { type RefundDeps, openSurplusRefund } from '../payments/refunds.service';",
      options,
      errors: 1,
    },
    // A module the order does not name, importing or imported.
    {
      filename: at('notifications/outbox.service.ts'),
      code: "import { enqueueEmails } from '../email/email.service';",
      options,
      errors: 1,
    },
    { filename: payments, code: "import { x } from '../notifications/outbox.service';", options, errors: 1 },
  ],
});

// A cycle: whichever order is declared, one of the two imports goes up it and is refused.
describe('a cycle between two modules', () => {
  const there = "import { openRefundsOnCancel } from '../payments/refunds.service';";
  const back = "import { linkHolder } from '../appointments/manage-link.service';";
  for (const order of [
    ['appointments', 'payments'],
    ['payments', 'appointments'],
  ]) {
    const cycle = [{ dir: 'apps/server/src/modules', order }];
    const up =
      order[0] === 'appointments' ? { filename: appointments, code: there } : { filename: payments, code: back };
    const down =
      order[0] === 'appointments' ? { filename: payments, code: back } : { filename: appointments, code: there };
    tester.run(`module-direction, ${order.join(' below ')}`, rule, {
      valid: [{ ...down, options: cycle }],
      invalid: [{ ...up, options: cycle, errors: 1 }],
    });
  }
});
