import { z } from 'zod';
import { Acquirer, AcquirerLookupRequest, FeCreateRequest, FeDocument, LIMITS, PaymentMethod, Tercero } from '../../api';
import { method } from '../define';
import { Submission } from './submissions';

/** The FE body as forms send it: `draft_key` is generated unless the caller already has one. */
export const FeSubmitInput = FeCreateRequest.extend({ draft_key: z.string().min(1).max(LIMITS.draftKeyMax).optional() });

export const feMethods = {
  'fe.submit': method(z.object({ request: FeSubmitInput }).strict(), Submission),
  /** Like dse.findSame: the same invoice (draft_key aside) already in the ledger, or null. */
  'fe.findSame': method(z.object({ request: FeSubmitInput }).strict(), Submission.nullable()),
  /** Endpoint 2. */
  'fe.get': method(z.object({ id: z.number().int().positive() }).strict(), FeDocument),
  /** Endpoint 4: the company's payment methods (ids are per company; never hard-coded). */
  'fe.paymentMethods': method(z.object({}).strict(), z.array(PaymentMethod)),
  /** Endpoint 3. */
  'fe.terceros': method(z.object({}).strict(), z.array(Tercero)),
  /** Endpoint 5. */
  'fe.lookupAcquirer': method(AcquirerLookupRequest.strict(), Acquirer),
};
