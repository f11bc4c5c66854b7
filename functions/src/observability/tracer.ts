/**
 * The Tracer (Powertools, X-Ray) of the REST modules and the stream consumers only: it weighs
 * about 125 KB of bundle, so the other functions do not import it (active tracing still records
 * their invocations). POWERTOOLS_TRACE_ENABLED=false turns it off (the local runtime).
 */
import { Tracer } from '@aws-lambda-powertools/tracer';

export const tracer = new Tracer();
