/**
 * What the functions and the connector print, line by line (docs/operations.md, "Logs"): the
 * Powertools JSON lines of each function's thread and the connector's lines, in the shape AWS
 * keeps in CloudWatch Logs. The runtime prints them (quiet: only errors and what is not JSON,
 * as before; EMF metric lines only with ATENDE_PRINT_METRICS=true) and hands them to listeners:
 * a test reads one request's lines across the REST function, the stream consumers and the
 * connector (functions/test/integration/correlation-logs.integration.test.ts).
 */
export interface OutputLine {
  /** Who printed it: a function's name, or `connector`. */
  source: string;
  text: string;
  /** The line parsed, when it is a JSON object. */
  json?: Record<string, unknown>;
}

export interface FunctionOutput {
  write(source: string, text: string): void;
  /** Calls `listener` with every line from now on; answers how to stop. */
  onLine(listener: (line: OutputLine) => void): () => void;
}

const errorLevels = /"level":"(ERROR|CRITICAL)"/;

export function createFunctionOutput(options: {
  quiet: boolean;
  print?: (text: string) => void;
}): FunctionOutput {
  const listeners = new Set<(line: OutputLine) => void>();
  const print = options.print ?? ((text: string) => process.stdout.write(`${text}\n`));
  const printMetrics = process.env.ATENDE_PRINT_METRICS === 'true';
  return {
    write(source, text) {
      if (text.trim() === '') return;
      const isJson = text.startsWith('{');
      const isMetric = isJson && text.includes('"_aws":');
      const shown = options.quiet ? !isJson || errorLevels.test(text) : !isMetric || printMetrics;
      if (shown) print(text);
      if (listeners.size === 0) return;
      let json: Record<string, unknown> | undefined;
      if (isJson) {
        try {
          json = JSON.parse(text) as Record<string, unknown>;
        } catch {
          json = undefined;
        }
      }
      for (const listener of listeners) listener({ source, text, json });
    },
    onLine(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
