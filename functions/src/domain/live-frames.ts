/**
 * How the events a stream batch has for one socket become WebSocket frames. Each post to a
 * connection is a request of its own (an HTTPS call to API Gateway's management API in AWS, a
 * loopback call locally), so a socket that has several events in one batch gets them in one frame,
 * as a JSON array in order, instead of one post each. A lone event is still sent as the plain
 * `{ event, data }` object. A frame never exceeds `maxFrameBytes`: API Gateway refuses a
 * PostToConnection payload over 128 KB, so a long run of events is split over several frames,
 * in order, and an event that alone is larger goes out on its own (the post then fails as it
 * would have before, for that event only).
 */
export const maxFrameBytes = 96 * 1024;

/** `payloads` are the serialised events (`{"event":…,"data":…}`) of one socket, in order. */
export function packFrames(payloads: readonly string[], limit = maxFrameBytes): string[] {
  if (payloads.length <= 1) return [...payloads];
  const frames: string[] = [];
  let current: string[] = [];
  // Brackets and commas: 2 bytes for the array, 1 per separator.
  let currentBytes = 2;
  const flush = () => {
    if (current.length === 0) return;
    frames.push(current.length === 1 ? current[0]! : `[${current.join(',')}]`);
    current = [];
    currentBytes = 2;
  };
  for (const payload of payloads) {
    const bytes = Buffer.byteLength(payload);
    // A comma stands before every payload but a frame's first.
    if (current.length > 0 && currentBytes + 1 + bytes > limit) flush();
    currentBytes += (current.length > 0 ? 1 : 0) + bytes;
    current.push(payload);
  }
  flush();
  return frames;
}
