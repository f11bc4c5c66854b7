import { QRCodeSVG } from 'qrcode.react';
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { Modal } from '../../../components/Modal.tsx';
import { t } from '../../../i18n/index.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useSandboxScan } from '../api/sandbox-scan.ts';
import type { Whatsapp } from '../api/types.ts';

interface QrCodeModalProps {
  /** The live connection from the list: a new QR replaces the old one as it arrives. */
  connection: Whatsapp;
  /** A sandbox connection may have its QR "read" without a phone (local stages, admins). */
  canSimulateScan: boolean;
  onClose(): void;
}

const steps = [
  'connections.qr.step1',
  'connections.qr.step2',
  'connections.qr.step3',
  'connections.qr.step4',
] as const;

/**
 * core §2/§4: the QR-code modal. It shows the session's QR as an image with the steps to link the
 * phone; the page closes it once the QR becomes empty (qrModalShouldClose).
 */
export function QrCodeModal({ connection, canSimulateScan, onClose }: QrCodeModalProps) {
  const scan = useSandboxScan();
  const title = t('connections.qr.title', { name: connection.name });
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      size="large"
      className="qr-modal"
      footer={
        <>
          {canSimulateScan && (
            <Button
              variation="primary"
              isLoading={scan.isPending}
              onClick={() => scan.mutate(connection.id, { onError: toastError })}
            >
              {t('connections.qr.simulateScan')}
            </Button>
          )}
          <Button onClick={onClose}>{t('common.close')}</Button>
        </>
      }
    >
      <div className="qr-modal__layout">
        <Flex direction="column" gap="small" className="qr-modal__steps">
          <Text fontWeight="semibold">{t('connections.qr.lead')}</Text>
          <ol className="qr-modal__list">
            {steps.map((step) => (
              <li key={step}>{t(step)}</li>
            ))}
          </ol>
          <Text fontSize="small" color="font.tertiary">
            {t('connections.qr.autoClose')}
          </Text>
          {canSimulateScan && (
            <Text fontSize="small" className="qr-modal__sandbox">
              {t('connections.qr.sandboxHint')}
            </Text>
          )}
        </Flex>
        <div className="qr-modal__code" data-testid="qr-code">
          {/* Dark on white whatever the theme: phones read it best that way. */}
          <QRCodeSVG
            value={connection.qrcode}
            size={232}
            level="M"
            marginSize={2}
            bgColor="#ffffff"
            fgColor="#111b21"
            title={t('connections.qr.image', { name: connection.name })}
            role="img"
            aria-label={t('connections.qr.image', { name: connection.name })}
          />
        </div>
      </div>
    </Modal>
  );
}
