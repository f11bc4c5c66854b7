/**
 * A small evaluator for the DynamoDB expression language the connector uses: conditions
 * (comparisons, AND/OR/NOT, parentheses, attribute_exists, attribute_not_exists, begins_with)
 * and updates (SET with `+`/`-`, if_not_exists and list_append, REMOVE, ADD and DELETE). Like DynamoDB it refuses reserved
 * words used as bare names, undefined values, and names or values the expressions never use.
 */

type Item = Record<string, unknown>;

export class ValidationException extends Error {
  override name = 'ValidationException';
}

const reserved = new Set([
  'status',
  'number',
  'data',
  'name',
  'key',
  'value',
  'timestamp',
  'count',
  'size',
  'date',
  'time',
  'user',
  'type',
  'token',
  'session',
  'provider',
  'connection',
  'source',
  'state',
  'index',
  'order',
  'comment',
  'action',
  'hash',
  'range',
]);

type Token = { kind: 'name' | 'value' | 'ident' | 'op' | 'punct'; text: string };

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(#[A-Za-z0-9_]+|:[A-Za-z0-9_]+|[A-Za-z_][A-Za-z0-9_]*|<>|<=|>=|[=<>+\-(),])/y;
  let index = 0;
  while (index < expression.length) {
    if (/^\s*$/.test(expression.slice(index))) break;
    pattern.lastIndex = index;
    const match = pattern.exec(expression);
    if (!match) throw new ValidationException(`cannot parse expression at: ${expression.slice(index)}`);
    const text = match[1]!;
    const kind: Token['kind'] = text.startsWith('#')
      ? 'name'
      : text.startsWith(':')
        ? 'value'
        : /^[A-Za-z_]/.test(text)
          ? 'ident'
          : /^[(),]$/.test(text)
            ? 'punct'
            : 'op';
    tokens.push({ kind, text });
    index = pattern.lastIndex;
  }
  return tokens;
}

export interface ExpressionInput {
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/** Tracks which placeholders the expressions used, to refuse unused ones like DynamoDB. */
export class Placeholders {
  readonly usedNames = new Set<string>();
  readonly usedValues = new Set<string>();
  constructor(readonly input: ExpressionInput) {
    for (const [key, value] of Object.entries(input.values ?? {})) {
      if (value === undefined) throw new ValidationException(`ExpressionAttributeValues ${key} is undefined`);
    }
  }
  name(token: Token): string {
    if (token.kind === 'name') {
      const resolved = this.input.names?.[token.text];
      if (resolved === undefined) throw new ValidationException(`undefined attribute name ${token.text}`);
      this.usedNames.add(token.text);
      return resolved;
    }
    if (reserved.has(token.text.toLowerCase()))
      throw new ValidationException(`reserved word used as a name: ${token.text}`);
    return token.text;
  }
  value(token: Token): unknown {
    if (!(token.text in (this.input.values ?? {})))
      throw new ValidationException(`undefined attribute value ${token.text}`);
    this.usedValues.add(token.text);
    return this.input.values![token.text];
  }
  assertAllUsed(): void {
    for (const key of Object.keys(this.input.names ?? {})) {
      if (!this.usedNames.has(key)) throw new ValidationException(`unused ExpressionAttributeNames ${key}`);
    }
    for (const key of Object.keys(this.input.values ?? {})) {
      if (!this.usedValues.has(key)) throw new ValidationException(`unused ExpressionAttributeValues ${key}`);
    }
  }
}

class Parser {
  private position = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly placeholders: Placeholders,
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }
  private next(): Token {
    const token = this.tokens[this.position++];
    if (!token) throw new ValidationException('unexpected end of expression');
    return token;
  }
  private expect(text: string): void {
    const token = this.next();
    if (token.text.toUpperCase() !== text.toUpperCase())
      throw new ValidationException(`expected ${text}, got ${token.text}`);
  }
  private keyword(text: string): boolean {
    const token = this.peek();
    if (token?.kind === 'ident' && token.text.toUpperCase() === text) {
      this.position += 1;
      return true;
    }
    return false;
  }
  done(): boolean {
    return this.position >= this.tokens.length;
  }

  // ----- conditions: each returns a predicate over an item

  condition(): (item: Item | undefined) => boolean {
    let left = this.conjunction();
    while (this.keyword('OR')) {
      const a = left;
      const b = this.conjunction();
      left = (item) => a(item) || b(item);
    }
    return left;
  }
  private conjunction(): (item: Item | undefined) => boolean {
    let left = this.negation();
    while (this.keyword('AND')) {
      const a = left;
      const b = this.negation();
      left = (item) => a(item) && b(item);
    }
    return left;
  }
  private negation(): (item: Item | undefined) => boolean {
    if (this.keyword('NOT')) {
      const inner = this.negation();
      return (item) => !inner(item);
    }
    return this.primary();
  }
  private primary(): (item: Item | undefined) => boolean {
    const token = this.peek();
    if (token?.text === '(') {
      this.next();
      const inner = this.condition();
      this.expect(')');
      return inner;
    }
    if (
      token?.kind === 'ident' &&
      ['attribute_exists', 'attribute_not_exists', 'begins_with'].includes(token.text)
    ) {
      this.next();
      this.expect('(');
      if (token.text === 'begins_with') {
        const subject = this.operand();
        this.expect(',');
        const prefix = this.operand();
        this.expect(')');
        return (item) => {
          const s = subject(item);
          const p = prefix(item);
          return typeof s === 'string' && typeof p === 'string' && s.startsWith(p);
        };
      }
      const path = this.placeholders.name(this.next());
      this.expect(')');
      return token.text === 'attribute_exists'
        ? (item) => item?.[path] !== undefined
        : (item) => item?.[path] === undefined;
    }
    const left = this.operand();
    const op = this.next();
    const right = this.operand();
    return (item) => compare(op.text, left(item), right(item));
  }
  private operand(): (item: Item | undefined) => unknown {
    const token = this.next();
    if (token.kind === 'value') {
      const value = this.placeholders.value(token);
      return () => value;
    }
    if (token.kind === 'name' || token.kind === 'ident') {
      const path = this.placeholders.name(token);
      return (item) => item?.[path];
    }
    throw new ValidationException(`unexpected ${token.text}`);
  }

  // ----- updates

  update(): (item: Item) => void {
    // Every operand reads the item as it was before the update, like DynamoDB.
    const actions: ((original: Item, staged: Item) => void)[] = [];
    while (!this.done()) {
      if (this.keyword('SET')) {
        do {
          const path = this.placeholders.name(this.next());
          this.expect('=');
          const value = this.valueExpression();
          actions.push((original, staged) => {
            staged[path] = value(original);
          });
        } while (this.peek()?.text === ',' && this.next());
      } else if (this.keyword('REMOVE')) {
        do {
          const path = this.placeholders.name(this.next());
          actions.push((_original, staged) => {
            delete staged[path];
          });
        } while (this.peek()?.text === ',' && this.next());
      } else if (this.keyword('ADD') || this.keyword('DELETE')) {
        const adding = this.tokens[this.position - 1]!.text === 'ADD';
        do {
          const path = this.placeholders.name(this.next());
          const value = this.operand();
          actions.push((original, staged) => {
            const given = value(original);
            const current = staged[path];
            if (typeof given === 'number' && adding) {
              if (current !== undefined && typeof current !== 'number')
                throw new ValidationException('ADD of a number to a non-number');
              staged[path] = (current ?? 0) + given;
            } else if (given instanceof Set) {
              if (current !== undefined && !(current instanceof Set))
                throw new ValidationException('ADD or DELETE of a set on a non-set');
              const next = new Set(current ?? []);
              for (const member of given) {
                if (adding) next.add(member);
                else next.delete(member);
              }
              if (next.size === 0) delete staged[path];
              else staged[path] = next;
            } else {
              throw new ValidationException('ADD takes a number or a set; DELETE a set');
            }
          });
        } while (this.peek()?.text === ',' && this.next());
      } else {
        throw new ValidationException(`unsupported update clause at ${this.peek()?.text}`);
      }
    }
    return (item) => {
      const original = structuredClone(item);
      for (const action of actions) action(original, item);
    };
  }
  private valueExpression(): (item: Item) => unknown {
    const left = this.term();
    const op = this.peek();
    if (op?.text === '+' || op?.text === '-') {
      this.next();
      const right = this.term();
      return (item) => {
        const a = left(item);
        const b = right(item);
        if (typeof a !== 'number' || typeof b !== 'number')
          throw new ValidationException('arithmetic on a non-number');
        return op.text === '+' ? a + b : a - b;
      };
    }
    return left;
  }
  private term(): (item: Item) => unknown {
    const token = this.peek();
    if (token?.kind === 'ident' && token.text === 'if_not_exists') {
      this.next();
      this.expect('(');
      const path = this.placeholders.name(this.next());
      this.expect(',');
      const fallback = this.valueExpression();
      this.expect(')');
      return (item) => (item[path] === undefined ? fallback(item) : item[path]);
    }
    if (token?.kind === 'ident' && token.text === 'list_append') {
      this.next();
      this.expect('(');
      const first = this.term();
      this.expect(',');
      const second = this.term();
      this.expect(')');
      return (item) => {
        const a = first(item);
        const b = second(item);
        if (!Array.isArray(a) || !Array.isArray(b)) throw new ValidationException('list_append of a non-list');
        return [...a, ...b];
      };
    }
    const operand = this.operand();
    return (item) => operand(item);
  }
}

function compare(op: string, a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return op === '<>' ? a !== b : false;
  if (op === '=') return JSON.stringify(a) === JSON.stringify(b);
  if (op === '<>') return JSON.stringify(a) !== JSON.stringify(b);
  if (typeof a !== typeof b || (typeof a !== 'number' && typeof a !== 'string')) return false;
  const x = a as number | string;
  const y = b as number | string;
  switch (op) {
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    case '>=':
      return x >= y;
  }
  throw new ValidationException(`unknown comparator ${op}`);
}

export function parseCondition(
  expression: string,
  placeholders: Placeholders,
): (item: Item | undefined) => boolean {
  const parser = new Parser(tokenize(expression), placeholders);
  const predicate = parser.condition();
  if (!parser.done()) throw new ValidationException(`trailing tokens in ${expression}`);
  return predicate;
}

export function parseUpdate(expression: string, placeholders: Placeholders): (item: Item) => void {
  return new Parser(tokenize(expression), placeholders).update();
}

/** ProjectionExpression: a comma-separated list of names. */
export function parseProjection(expression: string, placeholders: Placeholders): string[] {
  return tokenize(expression)
    .filter((token) => token.text !== ',')
    .map((token) => placeholders.name(token));
}
