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
  /**
   * Node's options on every function: stack traces through the bundles' source maps, and
   * AsyncLocalStorage on V8's continuation data instead of a promise hook (the correlation keys
   * live in one, and on Node 22 without the flag every promise of the function pays the hook:
   * about a fifth of a reply's CPU on the bench; docs/decisions.md, "AsyncLocalStorage without
   * the promise hook on the Lambdas"). The flag is Node 22's (22.7 on; the default from Node 24).
   */
  nodeOptions: '--enable-source-maps --experimental-async-context-frame',
} as const;

/**
 * Powertools' environment of every function (Logger, Metrics, Tracer; docs/operations.md): one
 * service name for the product (the function's name is on each line anyway), the log level, and
 * a metrics namespace per stage so two stages in one account never mix their figures.
 */
export function powertoolsEnvironment(stageName: string): Record<string, string> {
  return {
    POWERTOOLS_SERVICE_NAME: 'atende',
    POWERTOOLS_LOG_LEVEL: 'INFO',
    POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(stageName),
  };
}

/** The custom metrics' namespace of a stage (the functions' EMF and the connector's). */
export function metricsNamespace(stageName: string): string {
  return `atende/${stageName}`;
}

/** The connector's service name on its log lines and metrics. */
export const connectorServiceName = 'atende-connector';
