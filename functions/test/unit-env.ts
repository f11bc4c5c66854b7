/** Environment the bundles get from CDK or the local runtime, fixed for unit tests. */
process.env.TABLE_NAME ??= 'atende-test';
process.env.JWT_SECRET ??= 'unit-test-secret-unit-test-secret-unit-test-secret';
process.env.WS_MANAGEMENT_ENDPOINT ??= 'http://127.0.0.1:9/';
process.env.AWS_REGION ??= 'us-east-1';
process.env.AWS_ACCESS_KEY_ID ??= 'test';
process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
// Powertools' development mode: the Logger prints through the global console (tests spy on it)
// and Metrics writes nothing.
process.env.POWERTOOLS_DEV ??= 'true';
process.env.POWERTOOLS_SERVICE_NAME ??= 'atende';
