import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Flex, Heading, Link, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { trialDays } from '@atende/shared/constants';
import { signupInputSchema } from '@atende/shared/entities/company';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { t, currentLocale } from '../../../i18n/index.ts';
import { maskPhone } from '../../../lib/phone-mask.ts';
import { toast } from '../../../lib/toast.ts';
import { usePublicPlans } from '../../plans/api/get-public-plans.ts';
import { formatPlanPrice } from '../../plans/plan-form.ts';
import { useSignup } from '../api/signup.ts';
import { planIdFromQuery, referrerFromQuery, type SignupFormValues } from '../signup-form.ts';

/**
 * core §2 Sign-up: company name, e-mail, phone with the (99) 99999-9999 mask, password and a plan
 * from GET /plans/list. A `planId` in the query preselects the plan; a `companyId` is the company
 * whose link this is, sent as `referrerCompanyId` (docs/decisions.md, "Sign-up: the companyId of
 * the link is a referral").
 */
export function SignupForm() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const plans = usePublicPlans();
  const signup = useSignup();
  const planList = plans.data ?? [];
  const queryPlanId = planIdFromQuery(search, planList.map((plan) => plan.id));
  // Until a plan is picked, the one the link names (?planId=) counts.
  const { values, errors, set, field, submit } = useSchemaForm(
    signupInputSchema,
    { name: '', email: '', phone: '', password: '', planId: '' } satisfies SignupFormValues,
    { input: (current) => ({ ...current, planId: current.planId || queryPlanId }) },
  );
  const planId = values.planId || queryPlanId;
  const chosenPlan = planList.find((plan) => String(plan.id) === planId);

  const handleSubmit = submit(async (data) => {
    const referrerCompanyId = referrerFromQuery(search);
    // The company's language, and its first admin's, is the one this page speaks: the browser's (docs/i18n.md).
    await signup.mutateAsync({ ...data, language: currentLocale(), ...(referrerCompanyId ? { referrerCompanyId } : {}) });
    toast.success(t('auth.signup.success'));
    navigate('/login', { replace: true });
  });

  return (
    <Flex as="form" direction="column" gap="medium" noValidate onSubmit={handleSubmit}>
      <Flex direction="column" gap="xxs">
        <Heading level={4}>{t('auth.signup.title')}</Heading>
        <Text color="font.secondary" fontSize="small">
          {t('auth.signup.subtitle', { days: trialDays })}
        </Text>
      </Flex>
      <TextField
        label={t('auth.signup.name')}
        autoComplete="organization"
        autoFocus
        {...field('name')}
      />
      <TextField
        label={t('auth.signup.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        {...field('email')}
      />
      <TextField
        label={t('auth.signup.phone')}
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={t('auth.signup.phonePlaceholder')}
        value={values.phone}
        onChange={(event) => set('phone', maskPhone(event.target.value))}
        hasError={!!errors.phone}
        errorMessage={errors.phone}
      />
      <PasswordField
        label={t('auth.signup.password')}
        autoComplete="new-password"
        {...field('password')}
        showPasswordButtonLabel={t('auth.showPassword')}
        passwordIsHiddenLabel={t('auth.passwordHidden')}
        passwordIsShownLabel={t('auth.passwordShown')}
      />
      <SelectField
        label={t('auth.signup.plan')}
        name="planId"
        value={planId}
        placeholder={plans.isLoading ? t('auth.signup.plansLoading') : t('auth.signup.planPlaceholder')}
        onChange={(event) => set('planId', event.target.value)}
        hasError={!!errors.planId}
        errorMessage={errors.planId}
      >
        {planList.map((plan) => (
          <option key={plan.id} value={String(plan.id)}>
            {t('auth.signup.planOption', {
              name: plan.name,
              users: plan.users,
              connections: plan.connections,
              queues: plan.queues,
              price: formatPlanPrice(plan.value),
            })}
          </option>
        ))}
      </SelectField>
      {chosenPlan && (
        <div className="plan-summary" data-testid="plan-summary">
          <Text as="span" fontWeight="semibold">
            {chosenPlan.name}
          </Text>
          <Text as="span" fontSize="small" color="font.secondary">
            {t('subscription.planSummary', {
              users: chosenPlan.users,
              connections: chosenPlan.connections,
              queues: chosenPlan.queues,
              price: formatPlanPrice(chosenPlan.value),
            })}
          </Text>
        </div>
      )}
      <Button
        type="submit"
        variation="primary"
        isFullWidth
        isLoading={signup.isPending}
        loadingText={t('auth.signup.submitting')}
      >
        {t('auth.signup.submit')}
      </Button>
      <Text textAlign="center" fontSize="small">
        <Link as={RouterLink} to="/login">
          {t('auth.signup.toLogin')}
        </Link>
      </Text>
    </Flex>
  );
}
