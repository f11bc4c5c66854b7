/** The examples the documentation shows, built for the current origin. */
export function curlTextExample(origin: string): string {
  return [
    `curl -X POST ${origin}/api/messages/send \\`,
    `  -H "Authorization: Bearer <TOKEN>" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -H "Idempotency-Key: pedido-42" \\`,
    `  -d '{"number":"5511999998888","body":"Hola, su pedido está listo"}'`,
  ].join('\n');
}

export function curlMediaExample(origin: string): string {
  return [
    `curl -X POST ${origin}/api/messages/send \\`,
    `  -H "Authorization: Bearer <TOKEN>" \\`,
    `  -F number=5511999998888 \\`,
    `  -F body="Su factura" \\`,
    `  -F medias=@factura.pdf`,
  ].join('\n');
}

export function javascriptTextExample(origin: string): string {
  return [
    `const answer = await fetch('${origin}/api/messages/send', {`,
    `  method: 'POST',`,
    `  headers: { Authorization: 'Bearer <TOKEN>', 'Content-Type': 'application/json' },`,
    `  body: JSON.stringify({ number: '5511999998888', body: 'Hola, su pedido está listo', closeTicket: false }),`,
    `});`,
    `console.log(answer.status, await answer.json()); // 201 { id, ticketId, messageIds, closed }`,
  ].join('\n');
}

export function javascriptMediaExample(origin: string): string {
  return [
    `const form = new FormData();`,
    `form.append('number', '5511999998888');`,
    `form.append('body', 'Su factura');`,
    `form.append('medias', file); // un File o Blob; repita la línea para más archivos`,
    `const answer = await fetch('${origin}/api/messages/send', {`,
    `  method: 'POST',`,
    `  headers: { Authorization: 'Bearer <TOKEN>' },`,
    `  body: form,`,
    `});`,
    `console.log(answer.status, await answer.json());`,
  ].join('\n');
}
