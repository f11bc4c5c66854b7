import { RemovalPolicy } from 'aws-cdk-lib';

/**
 * One deployment of the whole product (dev, prod, ...): each stage is its own stack. Only
 * `prod` keeps its data when the stack or a resource is removed; other stages are disposable.
 */
export class DeploymentStage {
  constructor(readonly name: string) {
    if (!/^[a-z][a-z0-9-]{0,19}$/.test(name)) {
      throw new Error(`Stage name "${name}" must be lowercase letters, digits and dashes (at most 20)`);
    }
  }

  get isProduction(): boolean {
    return this.name === 'prod';
  }

  /** For resources holding data that cannot be rebuilt: the table, the media, the logs, the JWT secret. */
  get dataRemovalPolicy(): RemovalPolicy {
    return this.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
  }
}
