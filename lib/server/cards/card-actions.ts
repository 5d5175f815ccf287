"use server";
import { revalidatePath } from "next/cache";
import { RefreshCardDataSchema } from "@/lib/schemas/cards";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { runMutation } from "@/lib/server/access/run-action";
import { startCardDataRefresh } from "./refresh";

/** Any signed-in account may fetch Scryfall's latest card data; a file is imported on the server (npm run cards:import). */
export async function refreshCardDataAction(
  _previous: FormState,
  formData?: FormData,
): Promise<FormState> {
  const values = formData ? formDataToObject(formData) : {};
  const result = await runMutation({
    access: "signed-in",
    schema: RefreshCardDataSchema,
    input: values,
    run: async () => {
      const started = await startCardDataRefresh();
      if (started.ok) revalidatePath("/account");
      return started;
    },
  });
  return toFormState(
    result,
    values,
    "Fetching the latest card data from Scryfall: this takes a minute or two.",
  );
}
