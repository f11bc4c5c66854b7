import { useId, useState, type FormEvent } from 'react';
import { Button, CheckboxField, Flex, Grid, Loader, PasswordField, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { profiles } from '@atende/shared/constants';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { Modal } from '../../../components/Modal.tsx';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { apiFieldErrors, type FieldErrors } from '../../../lib/form-validation.ts';
import { isAdminProfile } from '../../../lib/profile.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useWhatsapps } from '../../connections/api/get-whatsapps.ts';
import { useQueues } from '../../queues/api/get-queues.ts';
import { useUser } from '../api/get-user.ts';
import { useSaveUser } from '../api/save-user.ts';
import { checkUserForm, emptyUserForm, userFormOf, type UserFormValues } from '../user-form.ts';

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
  initial: UserFormValues;
  userId: number | undefined;
  adminFields: boolean;
  formId: string;
  onSaved(): void;
  onPendingChange(pending: boolean): void;
}

function UserForm({ initial, userId, adminFields, formId, onSaved, onPendingChange }: UserFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const saveUser = useSaveUser();
  const queues = useQueues(adminFields);
  const whatsapps = useWhatsapps(adminFields);
  const editing = userId !== undefined;

  const set = <K extends keyof UserFormValues>(field: K, value: UserFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkUserForm(values, { editing, adminFields });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    onPendingChange(true);
    try {
      await saveUser.mutateAsync({ id: userId, payload: checked.data });
      toast.success(t('users.modal.saved'));
      onSaved();
    } catch (error) {
      const fieldErrors = apiFieldErrors(error);
      if (fieldErrors) setErrors(fieldErrors);
      else toastError(error);
    } finally {
      onPendingChange(false);
    }
  }

  const queueList = queues.data ?? [];
  return (
    <Flex as="form" id={formId} direction="column" gap="medium" noValidate onSubmit={(event) => void handleSubmit(event)}>
      <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium">
        <TextField
          label={t('users.modal.name')}
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          hasError={!!errors.name}
          errorMessage={errors.name}
        />
        <TextField
          label={t('users.modal.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
          hasError={!!errors.email}
          errorMessage={errors.email}
        />
      </Grid>
      <PasswordField
        label={t('users.modal.password')}
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(event) => set('password', event.target.value)}
        descriptiveText={editing ? t('users.modal.passwordKeep') : undefined}
        hasError={!!errors.password}
        errorMessage={errors.password}
        showPasswordButtonLabel={t('auth.showPassword')}
        passwordIsHiddenLabel={t('auth.passwordHidden')}
        passwordIsShownLabel={t('auth.passwordShown')}
      />
      {adminFields && (
        <>
          <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium">
            <SelectField
              label={t('users.modal.profile')}
              name="profile"
              value={values.profile}
              onChange={(event) => set('profile', event.target.value)}
              hasError={!!errors.profile}
              errorMessage={errors.profile}
            >
              {profiles.map((profile) => (
                <option key={profile} value={profile}>
                  {t(profileLabelKey(profile))}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('users.modal.allTicket')}
              name="allTicket"
              value={values.allTicket}
              onChange={(event) => set('allTicket', event.target.value)}
              hasError={!!errors.allTicket}
              errorMessage={errors.allTicket}
            >
              <option value="enabled">{t('common.enabled')}</option>
              <option value="desabled">{t('common.disabled')}</option>
            </SelectField>
          </Grid>
          <SelectField
            label={t('users.modal.whatsapp')}
            name="whatsappId"
            value={values.whatsappId}
            onChange={(event) => set('whatsappId', event.target.value)}
          >
            <option value="">{t('common.none')}</option>
            {(whatsapps.data ?? []).map((whatsapp) => (
              <option key={whatsapp.id} value={String(whatsapp.id)}>
                {whatsapp.name}
              </option>
            ))}
          </SelectField>
          <Flex as="fieldset" direction="column" gap="xs" className="user-modal__queues">
            <Text as="legend" fontWeight="semibold" fontSize="small">
              {t('users.modal.queues')}
            </Text>
            {queues.isLoading ? (
              <Loader size="small" />
            ) : queueList.length === 0 ? (
              <Text color="font.tertiary" fontSize="small">
                {t('users.modal.noQueues')}
              </Text>
            ) : (
              <Flex wrap="wrap" gap="small">
                {queueList.map((queue) => (
                  <CheckboxField
                    key={queue.id}
                    name="queueIds"
                    value={String(queue.id)}
                    label={
                      <Flex as="span" alignItems="center" gap="xxs">
                        <span className="queue-dot" style={{ backgroundColor: queue.color }} aria-hidden="true" />
                        {queue.name}
                      </Flex>
                    }
                    checked={values.queueIds.includes(queue.id)}
                    onChange={(event) =>
                      set(
                        'queueIds',
                        event.target.checked
                          ? [...values.queueIds, queue.id]
                          : values.queueIds.filter((id) => id !== queue.id),
                      )
                    }
                  />
                ))}
              </Flex>
            )}
          </Flex>
        </>
      )}
    </Flex>
  );
}

/**
 * core §2: the user modal for adding and editing a company user, and the own profile from the top
 * bar. Profile, queues, default connection and allTicket are for admins only (core §6).
 */
export function UserModal({ open, userId, ownProfile = false, onClose }: UserModalProps) {
  const { user: me } = useAuth();
  const formId = useId();
  const [pending, setPending] = useState(false);
  const existing = useUser(open ? userId : undefined);
  const adminFields = isAdminProfile(me?.profile);
  const title = ownProfile
    ? t('users.modal.profileTitle')
    : userId === undefined
      ? t('users.modal.addTitle')
      : t('users.modal.editTitle');
  const ready = userId === undefined || existing.data !== undefined;

  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" form={formId} variation="primary" isLoading={pending} loadingText={t('common.saving')} isDisabled={!ready}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      {ready ? (
        <UserForm
          key={userId ?? 'new'}
          initial={existing.data ? userFormOf(existing.data) : emptyUserForm()}
          userId={userId}
          adminFields={adminFields}
          formId={formId}
          onSaved={onClose}
          onPendingChange={setPending}
        />
      ) : (
        <Flex justifyContent="center" padding="large">
          <Loader size="large" />
        </Flex>
      )}
    </Modal>
  );
}

export default UserModal;
