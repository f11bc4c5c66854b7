import type * as z from 'zod';
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

/**
 * core §5 User: name 2 to 50 and required, e-mail valid and required (Email no valido), password
 * 5 to 50, profile and allTicket required. Returns the payload for POST /users or PUT /users/{id}.
 */
export function checkUserForm(values: UserFormValues, mode: UserFormMode): FormCheck<UserPayload> {
  const checked = checkUserFields(values, mode);
  if (!checked.ok || mode.ownEmail === undefined) return checked;
  const proves = checked.data.password !== undefined || checked.data.email !== mode.ownEmail;
  if (!proves) return checked;
  if (!values.currentPassword) return { ok: false, errors: { currentPassword: msg.required } };
  return { ok: true, data: { ...checked.data, currentPassword: values.currentPassword } };
}

function checkUserFields(values: UserFormValues, mode: UserFormMode): FormCheck<UserPayload> {
  const { currentPassword: _kept, ...fields } = values;
  const input = { ...fields, whatsappId: fields.whatsappId === '' ? null : fields.whatsappId };
  if (!mode.adminFields) {
    const checked = validateForm(ownProfileFormSchema, input);
    if (!checked.ok) return checked;
    const { name, email, password } = checked.data;
    return { ok: true, data: password ? { name, email, password } : { name, email } };
  }
  const schema: z.ZodType<z.output<typeof userEditFormSchema>> = mode.editing
    ? userEditFormSchema
    : (userCreateInputSchema as z.ZodType<z.output<typeof userEditFormSchema>>);
  const checked = validateForm(schema, input);
  if (!checked.ok) return checked;
  const { name, email, password, profile, allTicket, queueIds, whatsappId } = checked.data;
  const payload: UserPayload = { name, email, profile, allTicket, queueIds, whatsappId: whatsappId ?? null };
  if (password) payload.password = password;
  return { ok: true, data: payload };
}
