import { z } from "zod";

/** Fetching the latest card data names nothing: the form sends no fields. */
export const RefreshCardDataSchema = z.object({});
