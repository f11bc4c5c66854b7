import {
  Button,
  Card,
  CheckboxField,
  Flex,
  Grid,
  Heading,
  Loader,
  Text,
  TextField,
} from '@aws-amplify/ui-react';
import { checkoutFallbackPlan } from '@atende/shared/constants';
import {
  checkoutAddressSchema,
  type CheckoutAddress,
  type CheckoutPlan,
} from '@atende/shared/entities/checkout';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { t } from '../../../i18n/index.ts';
import { usePlans } from '../../plans/api/get-plans.ts';
import { formatEuro, formatReal } from '../../invoices/invoice-format.ts';

export const emptyAddress: CheckoutAddress = {
  firstName: '',
  lastName: '',
  address2: '',
  city: '',
  state: '',
  zipcode: '',
  country: '',
  useAddressForPaymentDetails: false,
};

/** Step 1 (Datos): the address form, checked with the shared schema (extended §5). */
export function AddressStep({
  initial,
  onNext,
}: {
  initial: CheckoutAddress;
  onNext(address: CheckoutAddress): void;
}) {
  const form = useSchemaForm(checkoutAddressSchema, initial);
  const fields = ['firstName', 'lastName', 'address2', 'city', 'state', 'zipcode', 'country'] as const;
  return (
    <form
      noValidate
      data-testid="checkout-address"
      onSubmit={form.submit((data) => {
        onNext(data);
        return Promise.resolve();
      })}
    >
      <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="small">
        {fields.map((name) => (
          <TextField key={name} label={t(`checkout.${name}`)} {...form.field(name)} />
        ))}
      </Grid>
      <CheckboxField
        marginTop="small"
        name="useAddressForPaymentDetails"
        label={t('checkout.useAddress')}
        checked={form.values.useAddressForPaymentDetails}
        onChange={(event) => form.set('useAddressForPaymentDetails', event.target.checked)}
      />
      <Flex justifyContent="flex-end" marginTop="medium">
        <Button type="submit" variation="primary">
          {t('checkout.next')}
        </Button>
      </Flex>
    </form>
  );
}

/** Step 2 (Personalizar): the plans; pressing a plan's button chooses it and advances. */
export function PlanStep({ onChoose, onBack }: { onChoose(plan: CheckoutPlan): void; onBack(): void }) {
  const plans = usePlans();
  const choices: CheckoutPlan[] =
    plans.data && plans.data.length > 0
      ? plans.data.map((plan) => ({
          title: plan.name,
          planId: plan.id,
          users: Math.max(1, plan.users),
          connections: Math.max(1, plan.connections),
          price: plan.value,
        }))
      : [
          {
            title: 'Plan',
            users: checkoutFallbackPlan.users,
            connections: 1,
            price: checkoutFallbackPlan.price,
          },
        ];
  if (plans.isPending) return <Loader />;
  return (
    <Flex direction="column" gap="medium">
      <Flex wrap="wrap" gap="small" data-testid="checkout-plans">
        {choices.map((plan) => (
          <Card key={`${plan.planId ?? plan.title}`} variation="outlined" data-plan-id={plan.planId}>
            <Heading level={5}>{plan.title}</Heading>
            <Text>{t('checkout.planUsers', { users: plan.users })}</Text>
            <Text>{t('checkout.planConnections', { connections: plan.connections })}</Text>
            <Text fontWeight="bold">{formatEuro(plan.price)}</Text>
            <Button marginTop="small" variation="primary" size="small" onClick={() => onChoose(plan)}>
              {t('checkout.choosePlan')}
            </Button>
          </Card>
        ))}
      </Flex>
      <Flex justifyContent="flex-start">
        <Button onClick={onBack}>{t('checkout.back')}</Button>
      </Flex>
    </Flex>
  );
}

/** Step 3 (Revisar): what will be paid, the price in reais (extended §9); PAGAR posts it. */
export function ReviewStep({
  address,
  plan,
  isPaying,
  onPay,
  onBack,
}: {
  address: CheckoutAddress;
  plan: CheckoutPlan;
  isPaying: boolean;
  onPay(): void;
  onBack(): void;
}) {
  const rows: [string, string][] = [
    [t('checkout.review.name'), [address.firstName, address.lastName].filter(Boolean).join(' ')],
    [
      t('checkout.review.address'),
      [address.address2, address.city, address.state, address.zipcode, address.country]
        .filter(Boolean)
        .join(', '),
    ],
    [t('checkout.review.plan'), plan.title ?? ''],
    [t('checkout.review.users'), String(plan.users)],
    [t('checkout.review.connections'), String(plan.connections)],
    [t('checkout.review.price'), formatReal(plan.price)],
  ];
  return (
    <Flex direction="column" gap="small" data-testid="checkout-review">
      {rows.map(([label, value]) => (
        <Flex key={label} gap="small">
          <Text fontWeight="bold">{label}:</Text>
          <Text>{value}</Text>
        </Flex>
      ))}
      <Flex justifyContent="space-between" marginTop="medium">
        <Button onClick={onBack}>{t('checkout.back')}</Button>
        <Button variation="primary" isLoading={isPaying} onClick={onPay}>
          {t('checkout.pay')}
        </Button>
      </Flex>
    </Flex>
  );
}
