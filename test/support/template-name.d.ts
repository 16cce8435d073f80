export declare function templateName(runId: string, databaseName: string): string;
