import { useEffect, useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { Button, Flex, Text, TextAreaField } from '@aws-amplify/ui-react';
import { t } from '../../../i18n/index.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { formatReal } from '../../invoices/invoice-format.ts';
import { useSandboxPay, type CheckoutAnswer } from '../api/checkout.ts';

/** How long "copied" shows after the copy action (extended §9). */
const copiedFeedbackMs = 1000;

/**
 * The QR screen (extended §2.21): the PIX copy-and-paste code as a QR picture, the value, a copy
 * action, and, only for the sandbox provider (the answer's `provider`), "Simular pago".
 */
export function PixPayment({ answer }: { answer: CheckoutAnswer }) {
  const [copied, setCopied] = useState(false);
  const pay = useSandboxPay();
  const code = answer.qrcode.qrcode;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), copiedFeedbackMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Flex direction="column" alignItems="center" gap="medium" data-testid="checkout-qr">
      <Text fontWeight="bold">{t('checkout.qr.title')}</Text>
      <QRCodeSVG value={code} size={220} data-testid="checkout-qr-image" />
      <Text data-testid="checkout-qr-value">
        {t('checkout.qr.value', { value: formatReal(Number(answer.valor.original)) })}
      </Text>
      <TextAreaField
        label={t('checkout.qr.copy')}
        labelHidden
        isReadOnly
        value={code}
        rows={3}
        width="100%"
      />
      <Flex gap="small">
        <Button onClick={() => void copy()}>
          {copied ? t('checkout.qr.copied') : t('checkout.qr.copy')}
        </Button>
        {answer.provider === 'sandbox' && answer.chargeId && (
          <Button
            variation="primary"
            isLoading={pay.isPending}
            isDisabled={pay.isSuccess}
            onClick={() => pay.mutate(answer.chargeId as string, { onError: toastError })}
          >
            {t('checkout.qr.simulate')}
          </Button>
        )}
      </Flex>
      <Text variation="tertiary">{t('checkout.qr.waiting')}</Text>
    </Flex>
  );
}
