import { describe, expect, it } from 'vitest';
import {
  isProductChange,
  succeededCount,
  toLambdaRecord,
} from '../src/stream-event.ts';

describe('stream records as Lambda receives them', () => {
  it('keeps the wire images, whole-second creation time, the stream ARN and the runtime region', () => {
    const record = toLambdaRecord(
      {
        eventID: 'e1',
        eventName: 'MODIFY',
        eventVersion: '1.1',
        eventSource: 'aws:dynamodb',
        awsRegion: 'ddblocal',
        dynamodb: {
          ApproximateCreationDateTime: 1735689600.75,
          Keys: { pk: { S: 'T#1' }, sk: { S: 'A' } },
          NewImage: { pk: { S: 'T#1' }, sk: { S: 'A' }, n: { N: '2' }, photo: { B: 'AQID' } },
          OldImage: { pk: { S: 'T#1' }, sk: { S: 'A' }, n: { N: '1' } },
          SequenceNumber: '000000000000000000042',
          SizeBytes: 40,
          StreamViewType: 'NEW_AND_OLD_IMAGES',
        },
      },
      { region: 'us-east-1', streamArn: 'arn:stream' },
    );
    expect(record).toEqual({
      eventID: 'e1',
      eventName: 'MODIFY',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'us-east-1',
      dynamodb: {
        ApproximateCreationDateTime: 1735689600,
        Keys: { pk: { S: 'T#1' }, sk: { S: 'A' } },
        NewImage: { pk: { S: 'T#1' }, sk: { S: 'A' }, n: { N: '2' }, photo: { B: 'AQID' } },
        OldImage: { pk: { S: 'T#1' }, sk: { S: 'A' }, n: { N: '1' } },
        SequenceNumber: '000000000000000000042',
        SizeBytes: 40,
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
      eventSourceARN: 'arn:stream',
    });
  });

  it('hides the runtime’s own queue and timer items from consumers', () => {
    const withPk = (pk: string) => ({ dynamodb: { Keys: { pk: { S: pk } } } });
    expect(isProductChange(withPk('TICKET#1'))).toBe(true);
    expect(isProductChange(withPk('LOCALQ#jobs'))).toBe(false);
    expect(isProductChange(withPk('LOCALDLQ#jobs'))).toBe(false);
    expect(isProductChange(withPk('LOCALQDEDUP#jobs'))).toBe(false);
    expect(isProductChange(withPk('LOCALSCHED'))).toBe(false);
  });
});

describe('succeededCount', () => {
  const batch = ['1', '2', '3'].map((n) => ({ dynamodb: { SequenceNumber: n } }));

  it('advances over the whole batch without failures', () => {
    expect(succeededCount(batch, undefined)).toBe(3);
    expect(succeededCount(batch, { batchItemFailures: [] })).toBe(3);
  });

  it('stops at the earliest reported failure', () => {
    expect(
      succeededCount(batch, { batchItemFailures: [{ itemIdentifier: '3' }, { itemIdentifier: '2' }] }),
    ).toBe(1);
  });

  it('retries the whole batch for an unknown identifier', () => {
    expect(succeededCount(batch, { batchItemFailures: [{ itemIdentifier: 'x' }] })).toBe(0);
  });
});
