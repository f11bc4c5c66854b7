/**
 * What every product function gets when it declares no limit of its own (AppFunction): also read
 * by the local runtime (its Lambda context, its timeouts) and by the bench's AWS cost figures
 * (GB-seconds at this memory, ARM64 prices). No CDK import here, so those can read it cheaply.
 */
export const lambdaDefaults = {
  memoryMb: 1024,
  /** The longest API Gateway waits for an integration. */
  timeoutSeconds: 29,
  architecture: 'arm64',
} as const;
