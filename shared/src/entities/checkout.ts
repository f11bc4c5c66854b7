/** Checkout form and instant-payment result (extended §3, §5, §7): POST /subscription. */
import * as z from 'zod';
import { checkoutFallbackPlan, limits } from '../constants.ts';
import {
  booleanParamSchema,
  idParamSchema,
  optionalTextField,
  optionalTextSchema,
  requiredText,
} from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';

/** The chosen plan; the form serialises it as JSON text, so both shapes are accepted. */
export const checkoutPlanSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z
    .object({
      title: z.string().max(limits.shortTextMax, msg.tooLong).optional(),
      planId: idParamSchema.optional(),
      users: z.coerce.number().int().positive(),
      connections: z.coerce.number().int().positive(),
      price: z.coerce.number().nonnegative(),
    })
    .loose(),
);
export type CheckoutPlan = z.infer<typeof checkoutPlanSchema>;

/** Step 1 (Datos): name, address, city, zipcode and country are required. */
export const checkoutAddressSchema = z.object({
  firstName: requiredText(msg.checkoutFirstNameRequired).max(limits.shortTextMax, msg.tooLong),
  lastName: optionalTextField(limits.shortTextMax),
  address2: requiredText().max(limits.shortTextMax, msg.tooLong),
  city: requiredText().max(limits.shortTextMax, msg.tooLong),
  state: optionalTextField(limits.shortTextMax),
  zipcode: requiredText().max(limits.shortTextMax, msg.tooLong),
  country: requiredText().max(limits.shortTextMax, msg.tooLong),
  useAddressForPaymentDetails: booleanParamSchema.default(false),
});
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

/** The whole form as posted to /subscription. Card fields are carried, never stored. */
export const checkoutInputSchema = checkoutAddressSchema.extend({
  nameOnCard: optionalTextSchema,
  cardNumber: optionalTextSchema,
  cvv: optionalTextSchema,
  invoiceId: idParamSchema,
  plan: checkoutPlanSchema.optional(),
  price: z.coerce.number().nonnegative().default(checkoutFallbackPlan.price),
  users: z.coerce.number().int().positive().default(checkoutFallbackPlan.users),
  connections: z.coerce.number().int().positive().optional(),
});
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/** The instant-payment data returned by POST /subscription. */
export const instantPaymentSchema = z.object({
  qrcode: z.object({ qrcode: z.string() }),
  valor: z.object({ original: z.string() }),
});
export type InstantPayment = z.infer<typeof instantPaymentSchema>;
