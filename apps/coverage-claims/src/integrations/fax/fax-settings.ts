// What the fax settings must be (config/integrations.config.ts declares them; the rule is the fax
// adapters', so here).

/** Whether Popbill sends the claims' faxes (then POPBILL_* are required). */
export const usesPopbill = (config: { FAX_ADAPTER: string }) => config.FAX_ADAPTER === 'popbill';
