import { Grid, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { profiles } from '@atende/shared/constants';
import { useAuth } from '../../../app/providers/auth/index.ts';
import {
  ColourCheckboxes,
  DialogForm,
  FieldGroup,
  RecordFormDialog,
  RecordOptions,
} from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { isAdminProfile } from '../../../lib/profile.ts';
import { toast } from '../../../lib/toast.ts';
import { useWhatsapps } from '../../connections/api/get-whatsapps.ts';
import { useQueues } from '../../queues/api/get-queues.ts';
import { useUser } from '../api/get-user.ts';
import { useSaveUser } from '../api/save-user.ts';
import { LanguageSelect } from './LanguageSelect.tsx';
import { emptyUserForm, userFormSchema, userFormOf, type UserFormValues } from '../user-form.ts';

export interface UserModalProps {
  open: boolean;
  /** The user to edit; without it the modal adds one. */
  userId?: number;
  /** Opened from the top bar's profile entry: the title reads "my profile". */
  ownProfile?: boolean;
  onClose(): void;
}

const profileLabelKey = (profile: string) => `profiles.${profile}` as MessageKey;

interface UserFormProps {
  initial: Required<UserFormValues>;
  userId: number | undefined;
  adminFields: boolean;
  /** Editing one's own account: changing its e-mail or password asks for the current password. */
  ownEmail: string | undefined;
  formId: string;
  onSaved(): void;
  onPendingChange(pending: boolean): void;
}

function UserForm({ initial, userId, adminFields, ownEmail, formId, onSaved, onPendingChange }: UserFormProps) {
  const editing = userId !== undefined;
  const { values, set, field, submit } = useSchemaForm(
    userFormSchema({ editing, adminFields, ownEmail }),
    initial,
  );
  const saveUser = useSaveUser();
  const queues = useQueues(adminFields);
  const whatsapps = useWhatsapps(adminFields);

  const handleSubmit = submit(
    async (data) => {
      await saveUser.mutateAsync({ id: userId, payload: data });
      // A new password ends one's own session on the server: say why the sign-in screen follows.
      if (ownEmail !== undefined && data.password) toast.success(t('users.modal.signInAgain'));
      else toast.success(t('users.modal.saved'));
      onSaved();
    },
    { onPending: onPendingChange },
  );

  const queueList = queues.data ?? [];
  return (
    <DialogForm id={formId} onSubmit={handleSubmit}>
      <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium">
        <TextField label={t('users.modal.name')} {...field('name')} autoComplete="name" />
        <TextField label={t('users.modal.email')} {...field('email')} type="email" autoComplete="email" />
      </Grid>
      <PasswordField
        label={t('users.modal.password')}
        {...field('password')}
        autoComplete="new-password"
        descriptiveText={editing ? t('users.modal.passwordKeep') : undefined}
        showPasswordButtonLabel={t('auth.showPassword')}
        passwordIsHiddenLabel={t('auth.passwordHidden')}
        passwordIsShownLabel={t('auth.passwordShown')}
      />
      {ownEmail !== undefined && (
        <PasswordField
          label={t('users.modal.currentPassword')}
          {...field('currentPassword')}
          autoComplete="current-password"
          descriptiveText={t('users.modal.currentPasswordHint')}
          showPasswordButtonLabel={t('auth.showPassword')}
          passwordIsHiddenLabel={t('auth.passwordHidden')}
          passwordIsShownLabel={t('auth.passwordShown')}
        />
      )}
      {adminFields && (
        <>
          <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium">
            <SelectField label={t('users.modal.profile')} {...field('profile')}>
              {profiles.map((profile) => (
                <option key={profile} value={profile}>
                  {t(profileLabelKey(profile))}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('users.modal.allTicket')} {...field('allTicket')}>
              <option value="enabled">{t('common.enabled')}</option>
              <option value="desabled">{t('common.disabled')}</option>
            </SelectField>
          </Grid>
          <SelectField
            label={t('users.modal.whatsapp')}
            {...field('whatsappId')}
          >
            <option value="">{t('common.none')}</option>
            <RecordOptions records={whatsapps.data} />
          </SelectField>
          <FieldGroup legend={t('users.modal.queues')}>
            <ColourCheckboxes
              name="queueIds"
              options={queueList}
              isLoading={queues.isLoading}
              empty={
                <Text color="font.tertiary" fontSize="small">
                  {t('users.modal.noQueues')}
                </Text>
              }
              selected={values.queueIds}
              onChange={(ids) => set('queueIds', ids)}
            />
          </FieldGroup>
        </>
      )}
    </DialogForm>
  );
}

/**
 * core §2: the user modal for adding and editing a company user, and the own profile from the top
 * bar. Profile, queues, default connection and allTicket are for admins only (core §6).
 */
export function UserModal({ open, userId, ownProfile = false, onClose }: UserModalProps) {
  const { user: me } = useAuth();
  const existing = useUser(open ? userId : undefined);
  const adminFields = isAdminProfile(me?.profile);
  const title = ownProfile
    ? t('users.modal.profileTitle')
    : userId === undefined
      ? t('users.modal.addTitle')
      : t('users.modal.editTitle');
  const ready = userId === undefined || existing.data !== undefined;

  return (
    <RecordFormDialog open={open} title={title} onClose={onClose} ready={ready}>
      {({ formId, onPendingChange }) => (
        <>
          {ownProfile && <LanguageSelect />}
          <UserForm
            key={userId ?? 'new'}
            initial={existing.data ? userFormOf(existing.data) : emptyUserForm()}
            userId={userId}
            adminFields={adminFields}
            ownEmail={userId !== undefined && userId === me?.id ? existing.data?.email : undefined}
            formId={formId}
            onSaved={onClose}
            onPendingChange={onPendingChange}
          />
        </>
      )}
    </RecordFormDialog>
  );
}

export default UserModal;
