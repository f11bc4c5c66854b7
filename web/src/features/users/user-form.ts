import * as z from 'zod';
import { userCreateInputSchema, userUpdateInputSchema } from '@atende/shared/entities/user';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import { validateForm, type FormCheck } from '../../lib/form-validation.ts';
import type { User, UserPayload } from './api/types.ts';

/** The user modal's fields as the inputs hold them. */
export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  profile: string;
  allTicket: string;
  queueIds: number[];
  /** '' is "no default connection". */
  whatsappId: string;
  /** Asked for when users change their own e-mail or password. */
  currentPassword?: string;
}

export function emptyUserForm(): Required<UserFormValues> {
  return { name: '', email: '', password: '', profile: 'user', allTicket: 'desabled', queueIds: [], whatsappId: '', currentPassword: '' };
}

export function userFormOf(user: Partial<User>): Required<UserFormValues> {
  return {
    name: user.name ?? '',
    email: user.email ?? '',
    password: '',
    profile: user.profile ?? 'user',
    allTicket: user.allTicket ?? 'desabled',
    queueIds: (user.queues ?? []).map((queue) => queue.id),
    whatsappId: user.whatsappId ? String(user.whatsappId) : '',
    currentPassword: '',
  };
}

/** Editing keeps the create rules, except that an empty password keeps the current one. */
const userEditFormSchema = userCreateInputSchema.extend({ password: userUpdateInputSchema.shape.password });

/** What one may change about oneself without being an admin: name, e-mail, password. */
const ownProfileCreateLike = userCreateInputSchema.pick({ name: true, email: true });
const ownProfileFormSchema = ownProfileCreateLike.extend({ password: userUpdateInputSchema.shape.password });

export interface UserFormMode {
  /** Editing an existing user (the password may stay empty). */
  editing: boolean;
  /** Admins also set profile, queues, default connection and allTicket. */
  adminFields: boolean;
  /**
   * Editing one's own account: its e-mail as it was, since changing it or the password asks for
   * the current password (docs/decisions.md, Security: sessions).
   */
  ownEmail?: string;
}

/** The values as the route's schemas read them: '' is "no default connection". */
function userFormInput(values: UserFormValues) {
  return {
    ...values,
    whatsappId: values.whatsappId === '' ? null : values.whatsappId,
    currentPassword: values.currentPassword || undefined,
  };
}

type UserFormOutput = z.output<typeof userEditFormSchema> & { currentPassword?: string };

/** The payload for POST /users or PUT /users/{id} from what the schema parsed. */
function userPayloadOf(data: UserFormOutput, mode: UserFormMode): UserPayload {
  const { name, email, password, profile, allTicket, queueIds, whatsappId } = data;
  const payload: UserPayload = mode.adminFields
    ? { name, email, profile, allTicket, queueIds, whatsappId: whatsappId ?? null }
    : { name, email };
  if (password) payload.password = password;
  if (provesOwnAccount(data, mode)) payload.currentPassword = data.currentPassword;
  return payload;
}

/** Changing one's own e-mail or password asks for the current password (docs/decisions.md, Security: sessions). */
const provesOwnAccount = (data: UserFormOutput, mode: UserFormMode) =>
  mode.ownEmail !== undefined && (!!data.password || data.email !== mode.ownEmail);

/**
 * core §5 User: name 2 to 50 and required, e-mail valid and required (Email no valido), password
 * 5 to 50, profile and allTicket required: the route's body schema for the mode, over the form's
 * values, giving the payload for POST /users or PUT /users/{id}. Users changing their own e-mail
 * or password also give the current one (Requerido), which the route asks for.
 */
export function userFormSchema(mode: UserFormMode): z.ZodType<UserPayload, UserFormValues> {
  const base = !mode.adminFields ? ownProfileFormSchema : mode.editing ? userEditFormSchema : userCreateInputSchema;
  const fields = (base as typeof userEditFormSchema).extend({ currentPassword: z.string().optional() });
  return z
    .preprocess((values) => userFormInput(values as UserFormValues), fields)
    .superRefine((data, context) => {
      if (provesOwnAccount(data, mode) && !data.currentPassword) {
        context.addIssue({ code: 'custom', path: ['currentPassword'], message: msg.required });
      }
    })
    .transform((data) => userPayloadOf(data, mode)) as unknown as z.ZodType<UserPayload, UserFormValues>;
}

/** The user form's check outside the dialog (the unit tests): the payload, or the messages by field. */
export function checkUserForm(values: UserFormValues, mode: UserFormMode): FormCheck<UserPayload> {
  return validateForm(userFormSchema(mode), values);
}
