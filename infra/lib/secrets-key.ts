import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import type { DeploymentStage } from './deployment-stage.ts';
import type { AppFunction } from './lambda-function.ts';

/**
 * The KMS key that seals the secrets companies give the product (an AI prompt's OpenAI key and
 * Azure voice key; a queue integration's Dialogflow service-account JSON and n8n/webhook signing
 * key; an outbound webhook's signing secret; functions/src/ports/secret-box.ts). Only the
 * functions that need it get a grant: the prompts, queue-integrations and webhooks modules seal
 * and open, the bot turn and the webhook delivery worker only open. The
 * company id is the encryption context of every ciphertext, so one company's ciphertext does not
 * open for another.
 */
export class SecretsKey extends Construct {
  readonly key: Key;

  constructor(scope: Construct, id: string, props: { stage: DeploymentStage }) {
    super(scope, id);
    this.key = new Key(this, 'Key', {
      description: `Company secrets of atende (${props.stage.name}): AI prompt keys`,
      enableKeyRotation: true,
      removalPolicy: props.stage.dataRemovalPolicy,
    });
  }

  /**
   * Seal and open secrets; env SECRETS_KMS_KEY_ID. Only Encrypt and Decrypt: the secret box
   * seals each secret (at most 4 KB) directly, never through data keys, so the wildcard actions
   * of grantEncryptDecrypt (ReEncrypt*, GenerateDataKey*) are not needed.
   */
  allowSealing(fn: AppFunction): void {
    this.key.grant(fn.lambda, 'kms:Encrypt', 'kms:Decrypt');
    fn.setEnvironment('SECRETS_KMS_KEY_ID', this.key.keyArn);
  }

  /** Open secrets only; env SECRETS_KMS_KEY_ID. */
  allowOpening(fn: AppFunction): void {
    this.key.grantDecrypt(fn.lambda);
    fn.setEnvironment('SECRETS_KMS_KEY_ID', this.key.keyArn);
  }
}
