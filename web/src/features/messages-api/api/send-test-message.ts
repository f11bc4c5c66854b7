import { useMutation } from '@tanstack/react-query';

export interface TestMessageInput {
  token: string;
  number: string;
  body: string;
  file?: File | undefined;
}

/** The raw answer of POST /api/messages/send, shown as it came (status and JSON). */
export interface TestMessageAnswer {
  status: number;
  body: unknown;
}

/**
 * Calls the external API as an outside system would: the connection token typed in the form,
 * not the signed-in session (the app's API client would send the session's token instead).
 */
export async function sendTestMessage(input: TestMessageInput, baseUrl = '/api'): Promise<TestMessageAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${input.token.trim()}` };
  let payload: BodyInit;
  if (input.file) {
    const form = new FormData();
    form.append('number', input.number.trim());
    form.append('body', input.body);
    form.append('medias', input.file, input.file.name);
    payload = form;
  } else {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify({ number: input.number.trim(), body: input.body });
  }
  const answer = await fetch(`${baseUrl}/messages/send`, { method: 'POST', headers, body: payload });
  const text = await answer.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's page): shown as text.
  }
  return { status: answer.status, body };
}

export function useSendTestMessage() {
  return useMutation({ mutationFn: (input: TestMessageInput) => sendTestMessage(input) });
}
