/** The fields of a product's form: a refusal naming one is shown under it, not in the form's alert. */
export const PRODUCT_FIELDS = ['name', 'providerId', 'asWindowDays', 'active'] as const;

/** The service's default AS window, for an emptied field. */
export const DEFAULT_AS_WINDOW_DAYS = 7;
