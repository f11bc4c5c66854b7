export declare const standInTableName: string;
export declare const capacityOperations: Set<string>;
export declare const readOperations: Set<string>;
export type CallKind = 'table' | 'standIn' | 'control' | 'other';
export declare function tablesOf(body: unknown): Set<string>;
export declare function tableKind(name: string, productTable: string): 'table' | 'standIn' | 'other';
export declare function callKind(operation: string, tables: Set<string>, productTable: string): CallKind;
export declare function withConsumedCapacity(operation: string, text: string | undefined): string | undefined;
export declare function consumedCapacity(responseText: string): Record<string, number> | undefined;
