import { describe, expect, it } from 'vitest';
import { dynamoJvmFlags } from '../src/dynamo.ts';

describe("DynamoDB Local's JVM flags", () => {
  it('give long runs the optimising compiler, and the tests C1 alone when they ask for it', () => {
    expect(dynamoJvmFlags({})).toEqual(['-XX:+UseSerialGC']);
    expect(dynamoJvmFlags({ ATENDE_DYNAMODB_JIT: 'c2' })).toEqual(['-XX:+UseSerialGC']);
    expect(dynamoJvmFlags({ ATENDE_DYNAMODB_JIT: 'c1' })).toEqual(['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC']);
    // Anything else is the default, not a JVM that fails to start.
    expect(dynamoJvmFlags({ ATENDE_DYNAMODB_JIT: 'C1 ' })).toEqual(['-XX:+UseSerialGC']);
  });
});
